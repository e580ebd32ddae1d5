import { DEFAULT_PRICE_BY_LEVEL } from '@app/contract/teachers';
import { appSettingRepository } from '../../db/app-setting.repository.ts';
import type { Db } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';
import { avatarDataUrl, hashOf } from './avatar.ts';
import {
  DEMO_TEACHERS,
  REVIEW_NICKS,
  REVIEW_TEXTS,
  TAG_PHRASES,
  type DemoTeacher,
} from './content/demo-teachers.ts';
import { topUpDemoSlots } from './demo-slots.ts';
import { teacherFiguresRepository } from './teachers.repository.ts';

/** Marks the demo teachers as inserted; written in the same transaction as the rows. */
export const DEMO_TEACHERS_SETTING = 'demo_teachers_seeded';

const DAY_MS = 86_400_000;

function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(max, value));
}

function introOf(t: DemoTeacher) {
  const [a, b] = t.tags.map((tag) => TAG_PHRASES[tag]);
  const focusEn = b ? `${a!.en} and ${b.en}` : a!.en;
  const focusZh = b ? `${a!.zh}和${b.zh}` : a!.zh;
  return {
    en: `${t.en} Lessons focus on ${focusEn}.`,
    zh: `${t.zh}课程重点是${focusZh}。`,
  };
}

/** Radar scores (0-100) derived from level and rating, varied per teacher. */
function radarOf(t: DemoTeacher) {
  const h = hashOf(t.name);
  const base = 60 + (t.level / 100) * 8;
  const jitter = (shift: number) => ((h >>> shift) % 15) - 5;
  return {
    radar_education: clamp(base + jitter(0), 40, 100),
    radar_experience: clamp(base + Math.round(t.lessons / 400) + jitter(4), 40, 100),
    radar_interaction: clamp(base + 6 + jitter(8), 40, 100),
    radar_pronunciation: clamp(base + 4 + jitter(12), 40, 100),
    radar_rating: clamp(Math.round((t.rating / 500) * 100), 0, 100),
  };
}

/**
 * Inserts the demo teachers with their languages and reviews once (a marker in app_setting written
 * in the same transaction, so racing instances seed once), then tops their slots up for the next
 * 14 days. Returns whether this call inserted the teachers.
 */
export async function seedTeachers(db: Db, now: number): Promise<boolean> {
  const inserted = await withTransaction(db, async (trx) => {
    if (!(await appSettingRepository.insertIfAbsent(trx, DEMO_TEACHERS_SETTING, String(now), now)))
      return false;
    for (const [index, t] of DEMO_TEACHERS.entries()) {
      const intro = introOf(t);
      const { id } = await trx
        .insertInto('teacher')
        .values({
          name: t.name,
          avatar: avatarDataUrl(t.name),
          nationality: t.nationality,
          level: t.level,
          price_coins: t.price ?? DEFAULT_PRICE_BY_LEVEL[t.level],
          intro_zh: intro.zh,
          intro_en: intro.en,
          intro_video: t.video ?? null,
          tags: JSON.stringify(t.tags),
          ...radarOf(t),
          rating_x100: t.rating,
          lesson_count: t.lessons,
          refuses_frequent_cancellers: t.refuses ? 1 : 0,
          active: 1,
          is_demo: 1,
          created_at: now - (400 - index) * DAY_MS,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('teacher_language')
        .values(t.languages.map((language) => ({ teacher_id: id, language })))
        .execute();
      const h = hashOf(t.name);
      const count = 3 + (h % 4);
      await trx
        .insertInto('teacher_review')
        .values(
          Array.from({ length: count }, (_, k) => {
            const text = REVIEW_TEXTS[(h + k * 5) % REVIEW_TEXTS.length]!;
            return {
              teacher_id: id,
              student_id: null,
              student_nick: REVIEW_NICKS[(h + k * 7) % REVIEW_NICKS.length]!,
              rating: text.rating,
              tags: JSON.stringify(text.tags),
              content: text.content,
              created_at: now - (k * 6 + ((h >>> 8) % 5) + 1) * DAY_MS,
            };
          }),
        )
        .execute();
      // The rating shown is the mean of the reviews shown (issue 13: figures from the data).
      await teacherFiguresRepository.refreshRating(trx, id);
    }
    return true;
  });
  await topUpDemoSlots(db, now);
  return inserted;
}
