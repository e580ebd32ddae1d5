import { DEFAULT_PRICE_BY_LEVEL } from '@app/contract/teachers';
import type { Db } from '../../src/db/database.ts';
import { avatarDataUrl } from '../../src/modules/teachers/avatar.ts';

/**
 * Data factories with overrides (STYLE.md: tests build their own rows on a real database). Each
 * returns the inserted row's id; every field has a sensible default.
 */

const DAY = 86_400_000;
let teacherCounter = 0;

export type TeacherOverrides = {
  name?: string;
  nationality?: string;
  languages?: string[];
  level?: 100 | 200 | 300;
  price_coins?: number;
  tags?: string[];
  rating_x100?: number;
  lesson_count?: number;
  refuses_frequent_cancellers?: boolean;
  active?: boolean;
  is_demo?: boolean;
  intro_zh?: string;
  intro_en?: string;
  intro_video?: string | null;
  created_at?: number;
};

export async function createTeacher(db: Db, overrides: TeacherOverrides = {}): Promise<number> {
  teacherCounter++;
  const name = overrides.name ?? `Teacher ${teacherCounter}`;
  const level = overrides.level ?? 100;
  const { id } = await db
    .insertInto('teacher')
    .values({
      name,
      avatar: avatarDataUrl(name),
      nationality: overrides.nationality ?? 'USA',
      level,
      price_coins: overrides.price_coins ?? DEFAULT_PRICE_BY_LEVEL[level],
      intro_zh: overrides.intro_zh ?? '一位友善的老师。',
      intro_en: overrides.intro_en ?? 'A friendly teacher.',
      intro_video: overrides.intro_video ?? null,
      tags: JSON.stringify(overrides.tags ?? ['conversation']),
      radar_education: 80,
      radar_experience: 75,
      radar_interaction: 85,
      radar_pronunciation: 90,
      radar_rating: 95,
      rating_x100: overrides.rating_x100 ?? 450,
      lesson_count: overrides.lesson_count ?? 100,
      refuses_frequent_cancellers: overrides.refuses_frequent_cancellers ? 1 : 0,
      active: overrides.active === false ? 0 : 1,
      is_demo: overrides.is_demo ? 1 : 0,
      created_at: overrides.created_at ?? Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const languages = overrides.languages ?? ['yingyu'];
  if (languages.length > 0) {
    await db
      .insertInto('teacher_language')
      .values(languages.map((language) => ({ teacher_id: id, language })))
      .execute();
  }
  return id;
}

export type SlotOverrides = {
  start_at?: number;
  /** Length in minutes when end_at is not given (25 by default). */
  minutes?: number;
  end_at?: number;
  state?: 'free' | 'booked' | 'closed';
};

/** A slot of a teacher; by default free, 25 minutes, starting one day from now. */
export async function createSlot(db: Db, teacherId: number, overrides: SlotOverrides = {}): Promise<number> {
  const start = overrides.start_at ?? Date.now() + DAY;
  const { id } = await db
    .insertInto('teacher_slot')
    .values({
      teacher_id: teacherId,
      start_at: start,
      end_at: overrides.end_at ?? start + (overrides.minutes ?? 25) * 60_000,
      state: overrides.state ?? 'free',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export type ReviewOverrides = {
  student_nick?: string;
  rating?: number;
  tags?: string[];
  content?: string;
  created_at?: number;
};

export async function createReview(
  db: Db,
  teacherId: number,
  overrides: ReviewOverrides = {},
): Promise<number> {
  const { id } = await db
    .insertInto('teacher_review')
    .values({
      teacher_id: teacherId,
      student_id: null,
      student_nick: overrides.student_nick ?? '小明',
      rating: overrides.rating ?? 5,
      tags: JSON.stringify(overrides.tags ?? ['patient']),
      content: overrides.content ?? 'Great lesson.',
      created_at: overrides.created_at ?? Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
