import { acceptedCardTypesOf, bookableWindow } from '@app/contract/booking';
import { TEACHER_TAGS } from '@app/contract/enums';
import type { Page } from '@app/contract/paging';
import { stripUnsafeText } from '@app/contract/text-safety';
import {
  DEFAULT_TIME_ZONE,
  minutesOf,
  type SlotState,
  type TeacherCard,
  type TeacherInfo,
  type TeacherListQuery,
  type TeacherReview,
  type TeacherReviewsQuery,
  type TeacherSchedule,
  type TeacherScheduleQuery,
} from '@app/contract/teachers';
import type { Nationality, TeacherLanguage } from '@app/contract/enums';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { iso } from '../../db/time.ts';
import type { Trx } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { avatarDataUrl } from './avatar.ts';
import { topUpDemoSlots } from './demo-slots.ts';
import {
  teacherFiguresRepository as figures,
  teachersRepository as repo,
  type SlotWindow,
  type TeacherFilter,
  type TeacherRow,
} from './teachers.repository.ts';
import {
  addDays,
  canonicalTimeZone,
  localDateOf,
  parseLocalDate,
  zonedInstant,
  type LocalDate,
} from './time-zone.ts';

const DAY_MS = 86_400_000;

export type TeachersSettings = {
  /** BOOKING_MIN_NOTICE_MINUTES (DESIGN.md §7): the bookable window's start. */
  minNoticeMinutes: number;
};

export type TeachersServiceDeps = { db: Db; clock: Clock; settings: TeachersSettings };

function parseTags(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** Tag keys whose key or label (either language) contains the keyword. */
export function tagsMatching(keyword: string): string[] {
  const k = keyword.toLowerCase();
  return TEACHER_TAGS.filter(
    (t) =>
      t.value.includes(k) ||
      t.label.en.toLowerCase().includes(k) ||
      t.label['zh-Hans'].toLowerCase().includes(k),
  ).map((t) => t.value);
}

export type SlotFilter = {
  windows: SlotWindow[];
  /** Ranges of start_minute (UTC minute of day, inclusive) covering every window; null: any. */
  minuteRanges: [number, number][] | null;
};

const minuteOfDay = (instant: number) => Math.floor((((instant % DAY_MS) + DAY_MS) % DAY_MS) / 60_000);

/**
 * The UTC minute-of-day ranges a slot fitting one of the day windows starts in (a superset: the
 * exact windows are checked as well). In a zone without a DST change in the range every day maps to
 * the same range; with a change there are two. Wrapping past UTC midnight splits a range in two.
 */
function minuteRangesOf(dayWindows: [number, number][]): [number, number][] | null {
  const distinct = new Map<string, [number, number]>();
  for (const [start, end] of dayWindows) {
    const from = minuteOfDay(start);
    const span = Math.ceil((end - start) / 60_000);
    if (span >= 1439) return null;
    distinct.set(`${from}:${span}`, [from, span]);
  }
  if (distinct.size > 2) return null;
  const ranges: [number, number][] = [];
  for (const [from, span] of distinct.values()) {
    if (from + span <= 1439) ranges.push([from, from + span]);
    else ranges.push([from, 1439], [0, from + span - 1440]);
  }
  return ranges;
}

/**
 * The windows of the list's slot filter, as UTC instants: the time range (whole day when absent) on
 * the date, or on every local day the bookable window touches, in the student's zone, each cut to
 * the bookable window. Undefined when the request filters on no slot; no windows when nothing can match.
 */
export function slotFilterOf(
  query: Pick<TeacherListQuery, 'date' | 'time_from' | 'time_to' | 'tz'>,
  now: number,
  minNoticeMinutes: number,
): SlotFilter | undefined {
  if (query.date === undefined && query.time_from === undefined && query.time_to === undefined)
    return undefined;
  // Any case spelling of a zone is valid input: one canonical name keeps one cached formatter.
  const zone = canonicalTimeZone(query.tz ?? DEFAULT_TIME_ZONE);
  const bookable = bookableWindow(now, minNoticeMinutes);
  const fromMin = query.time_from === undefined ? 0 : minutesOf(query.time_from);
  const toMin = query.time_to === undefined ? 1440 : minutesOf(query.time_to);
  const days: LocalDate[] = [];
  if (query.date !== undefined) {
    days.push(parseLocalDate(query.date));
  } else {
    const first = localDateOf(bookable.from, zone);
    const last = localDateOf(bookable.to, zone);
    for (let d = first; ; d = addDays(d, 1)) {
      days.push(d);
      if ((d.year === last.year && d.month === last.month && d.day === last.day) || days.length > 20) break;
    }
  }
  const windows: SlotWindow[] = [];
  const dayWindows: [number, number][] = [];
  for (const day of days) {
    const start = zonedInstant(day, fromMin, zone);
    const end = zonedInstant(day, toMin, zone);
    const w = { startMin: Math.max(start, bookable.from), startMax: Math.min(end, bookable.to), endMax: end };
    if (w.startMin <= w.startMax) {
      windows.push(w);
      dayWindows.push([start, end]);
    }
  }
  return {
    windows,
    minuteRanges:
      query.time_from === undefined && query.time_to === undefined ? null : minuteRangesOf(dayWindows),
  };
}

/**
 * A reviewer's nick as shown to others: first and last character kept, the middle starred (小*明,
 * L**o); two characters keep the first (小*); one character is starred entirely.
 */
export function maskNick(nick: string): string {
  const chars = [...nick.trim()];
  if (chars.length === 0) return '*';
  if (chars.length === 1) return '*';
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(Math.min(chars.length - 2, 4))}${chars[chars.length - 1]}`;
}

function emptyPage<T>(current: number, size: number): Page<T> {
  return { records: [], total: 0, current, size };
}

/**
 * Teachers: the public list, profiles, schedules and reviews (DESIGN.md §6), and favourites
 * (SPEC.md §7). `studentId` is the logged-in student or null for a visitor; a visitor's reply never
 * says more than a visitor may see.
 */
export function createTeachersService(deps: TeachersServiceDeps) {
  const { db, clock, settings } = deps;

  /** The teacher when it exists and teaches: the one definition of an active teacher. */
  async function findActiveTeacher(teacherId: number) {
    const teacher = await repo.findTeacher(db, teacherId);
    return teacher?.active === 1 ? teacher : undefined;
  }

  async function requireTeacher(teacherId: number) {
    const teacher = await findActiveTeacher(teacherId);
    if (!teacher) throw AppError.notFound('teacher.notFound');
    return teacher;
  }

  /** Teacher cards as of `now` (one instant per reply: the slot filter and next_free_at agree). */
  async function toCards(
    studentId: number | null,
    rows: TeacherRow[],
    now: number,
    likedAll = false,
  ): Promise<TeacherCard[]> {
    const ids = rows.map((r) => r.id);
    const bookable = bookableWindow(now, settings.minNoticeMinutes);
    const [languages, nextFree, liked] = await Promise.all([
      repo.languagesOf(db, ids),
      repo.nextFreeOf(db, ids, bookable.from, bookable.to),
      likedAll || studentId === null
        ? Promise.resolve(new Set<number>())
        : repo.likedAmong(db, studentId, ids),
    ]);
    return rows.map((row) => {
      const next = nextFree.get(row.id);
      return {
        id: row.id,
        name: row.name,
        avatar: row.avatar,
        nationality: row.nationality as Nationality,
        languages: (languages.get(row.id) ?? []) as TeacherLanguage[],
        level: row.level,
        price_coins: row.price_coins,
        rating: row.rating_x100 / 100,
        lesson_count: row.lesson_count,
        tags: parseTags(row.tags),
        next_free_at: next === undefined ? null : iso(next),
        liked: likedAll || liked.has(row.id),
      };
    });
  }

  return {
    async getTeacherList(studentId: number | null, query: TeacherListQuery): Promise<Page<TeacherCard>> {
      const { current, size } = query;
      const now = clock.now();
      // favourites_only for a visitor: an empty page, never a 401 on a public page (docs/decisions.md).
      if (query.favourites_only && studentId === null) return emptyPage(current, size);
      const filter: TeacherFilter = {
        ...(query.nationality ? { nationality: query.nationality } : {}),
        ...(query.language ? { language: query.language } : {}),
        ...(query.level ? { level: query.level } : {}),
        ...(query.favourites_only && studentId !== null ? { favouritesOf: studentId } : {}),
      };
      if (query.keyword) {
        filter.keyword = query.keyword.toLowerCase();
        filter.keywordTags = tagsMatching(query.keyword);
      }
      const slots = slotFilterOf(query, now, settings.minNoticeMinutes);
      if (slots !== undefined) {
        if (slots.windows.length === 0) return emptyPage(current, size);
        filter.slotWindows = slots.windows;
        if (slots.minuteRanges) filter.slotMinuteRanges = slots.minuteRanges;
      }
      const offset = (current - 1) * size;
      const [total, rows] = await Promise.all([
        repo.countTeachers(db, filter),
        repo.listTeachers(db, filter, query.sort, query.order, offset, size),
      ]);
      return { records: await toCards(studentId, rows, now), total, current, size };
    },

    /** Whether the teacher exists and teaches (an exclusive-teacher card is bound to one that does). */
    async isActiveTeacher(teacherId: number): Promise<boolean> {
      return (await findActiveTeacher(teacherId)) !== undefined;
    },

    async getTeacherInfo(studentId: number | null, teacherId: number): Promise<TeacherInfo> {
      const row = await requireTeacher(teacherId);
      const [[card], reviewCount] = await Promise.all([
        toCards(studentId, [row], clock.now()),
        repo.countReviews(db, teacherId),
      ]);
      return {
        ...card!,
        intro: { 'zh-Hans': row.intro_zh, en: row.intro_en },
        intro_video: row.intro_video,
        radar: {
          education: row.radar_education,
          experience: row.radar_experience,
          interaction: row.radar_interaction,
          pronunciation: row.radar_pronunciation,
          rating: row.radar_rating,
        },
        accepted_card_types: acceptedCardTypesOf(row.nationality),
        refuses_frequent_cancellers: row.refuses_frequent_cancellers === 1,
        review_count: reviewCount,
      };
    },

    /**
     * A teacher's slots in [from, to). For a logged-in student, a slot that holds the student's own
     * class is `mine` (a visitor and other students see it `booked`).
     */
    async getTeacherSchedule(
      studentId: number | null,
      query: TeacherScheduleQuery,
    ): Promise<TeacherSchedule> {
      await requireTeacher(query.teacher_id);
      const from = Date.parse(query.from);
      const to = Date.parse(query.to);
      const bookable = bookableWindow(clock.now(), settings.minNoticeMinutes);
      const rows = await repo.listSlots(db, query.teacher_id, from, to, studentId);
      return {
        teacher_id: query.teacher_id,
        from: iso(from),
        to: iso(to),
        bookable_from: iso(bookable.from),
        bookable_to: iso(bookable.to),
        slots: rows.map((slot) => {
          const start = Number(slot.start_at);
          let state: SlotState = slot.mine_course_id === null ? slot.state : 'mine';
          if (state === 'free' && (start < bookable.from || start > bookable.to)) state = 'closed';
          return { id: slot.id, start: iso(start), end: iso(Number(slot.end_at)), state };
        }),
      };
    },

    async getTeacherReviews(query: TeacherReviewsQuery): Promise<Page<TeacherReview>> {
      await requireTeacher(query.teacher_id);
      const { current, size } = query;
      const [total, rows] = await Promise.all([
        repo.countReviews(db, query.teacher_id),
        repo.listReviews(db, query.teacher_id, (current - 1) * size, size),
      ]);
      return {
        records: rows.map((r) => ({
          id: r.id,
          // Rows written before the free-text rules (issue 32 §5) may hold control or text-direction
          // characters: cleaned here, where others see them.
          student_nick: maskNick(stripUnsafeText(r.student_nick)),
          rating: r.rating,
          tags: parseTags(r.tags),
          content: stripUnsafeText(r.content, 'multi'),
          created_at: iso(Number(r.created_at)),
        })),
        total,
        current,
        size,
      };
    },

    // ---- favourites (SPEC.md §7) ------------------------------------------------------------------

    likedTeacherIds(studentId: number): Promise<number[]> {
      return repo.likedTeacherIds(db, studentId);
    },

    /** `likedTeacherIds` of each of `studentIds`, by student. */
    likedTeacherIdsOf(studentIds: readonly number[]): Promise<Map<number, number[]>> {
      return repo.likedTeacherIdsOfStudents(db, studentIds);
    },

    /**
     * Toggles a favourite (or sets it when `like` is given). The primary key (student, teacher)
     * decides under concurrency: insert … on conflict do nothing, else delete; never read-then-write.
     * Liking needs an active teacher; un-liking works for any existing one.
     */
    async likeTeacher(studentId: number, teacherId: number, like?: boolean): Promise<{ liked: boolean }> {
      const teacher = await repo.findTeacher(db, teacherId);
      if (!teacher) throw AppError.notFound('teacher.notFound');
      if (like === false) {
        await repo.removeFavourite(db, studentId, teacherId);
        return { liked: false };
      }
      if (teacher.active !== 1) {
        if (like === true || !(await repo.removeFavourite(db, studentId, teacherId))) {
          throw AppError.notFound('teacher.notFound');
        }
        return { liked: false };
      }
      if (await repo.addFavourite(db, studentId, teacherId, clock.now())) return { liked: true };
      if (like === true) return { liked: true };
      await repo.removeFavourite(db, studentId, teacherId);
      return { liked: false };
    },

    async likedTeacherList(studentId: number, current: number, size: number) {
      const { total, rows } = await repo.listFavouriteTeachers(db, studentId, (current - 1) * size, size);
      return { records: await toCards(studentId, rows, clock.now(), true), total, current, size };
    },

    /**
     * Demo schedules roll forward (DESIGN.md §10; the `teachers.demo-slots` job): inserts the missing
     * free slots of the demo teachers; idempotent. Returns how many were added.
     */
    topUpDemoSlots(): Promise<number> {
      return topUpDemoSlots(db, clock.now());
    },

    // ---- operator writes (the operations CLI; each in the caller's transaction) -------------------

    /** A new teacher (active), with a generated avatar; its id. */
    addTeacher(trx: Trx, teacher: OperatorTeacher): Promise<number> {
      const { languages, tags, ...fields } = teacher;
      return repo.insertTeacher(
        trx,
        {
          ...fields,
          avatar: avatarDataUrl(teacher.name),
          tags: JSON.stringify(tags ?? []),
          created_at: clock.now(),
        },
        languages,
      );
    },

    /** Changes the given fields; false when there is no such teacher. */
    updateTeacher(trx: Trx, teacherId: number, patch: Partial<OperatorTeacher> & { active?: 0 | 1 }) {
      const { languages, tags, ...fields } = patch;
      return repo.updateTeacher(
        trx,
        teacherId,
        { ...fields, ...(tags ? { tags: JSON.stringify(tags) } : {}) },
        languages,
      );
    },

    /**
     * Publishes slots; a slot overlapping one the teacher has (of any state) is skipped, so
     * publishing the same template twice adds nothing.
     */
    async publishSlots(trx: Trx, teacherId: number, slots: { start: number; end: number }[]) {
      let created = 0;
      const skipped: number[] = [];
      for (const slot of slots) {
        if ((await repo.overlappingSlots(trx, teacherId, slot.start, slot.end)).length > 0) {
          skipped.push(slot.start);
          continue;
        }
        await repo.insertSlot(trx, teacherId, slot.start, slot.end);
        created++;
      }
      return { created, skipped };
    },

    // ---- the teacher's figures, written by the classes (in the caller's transaction) -------------

    /**
     * Adds `delta` (negative to take) to the lessons of each teacher given: classes that ended, or
     * stopped counting. In the caller's transaction, so the figure moves with the class.
     */
    addLessons(trx: Trx, byTeacher: ReadonlyMap<number, number>): Promise<void> {
      return figures.addLessons(trx, byTeacher);
    },

    /**
     * The teacher's rating becomes the mean of its reviews, in the caller's transaction (after it
     * took the teacher's rating lock on PostgreSQL: see teacherFiguresRepository.refreshRating).
     */
    refreshRating(trx: Trx, teacherId: number): Promise<void> {
      return figures.refreshRating(trx, teacherId);
    },

    /** Closes the free slots starting in [from, to); booked ones are listed and left alone. */
    async closeFreeSlots(trx: Trx, teacherId: number, from: number, to: number) {
      const closed = await repo.closeFreeSlots(trx, teacherId, from, to);
      const booked = await repo.bookedSlots(trx, teacherId, from, to);
      return { closed, booked };
    },
  };
}

export type TeachersService = ReturnType<typeof createTeachersService>;

/** The fields an operator sets on a teacher (`npm run ops -- teacher add|update`). */
export type OperatorTeacher = {
  name: string;
  nationality: string;
  level: number;
  price_coins: number;
  languages: string[];
  intro_zh?: string;
  intro_en?: string;
  intro_video?: string | null;
  tags?: string[];
  refuses_frequent_cancellers?: 0 | 1;
};
