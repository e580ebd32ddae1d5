import { z } from 'zod';
import {
  NATIONALITIES,
  TEACHER_LANGUAGES,
  TEACHER_LEVELS,
  valuesOf,
  type Nationality,
  type TeacherLanguage,
  type TeacherLevel,
} from './enums.ts';
import { bodyIdSchema, ID_MAX, queryIdSchema, queryIntSchema } from './ids.ts';
import { pageQuerySchema } from './paging.ts';

/**
 * Teacher discovery (issue #4, DESIGN.md §6 /teacher/*, SPEC.md §7 favourites): the teacher list
 * with its filters and sorts, the profile, the schedule, lesson reviews and favourite teachers.
 */

/** The schedule call returns at most this many days at once. */
export const SCHEDULE_MAX_RANGE_DAYS = 31;
/** Keyword filter of the list: longer input is refused (400), not truncated. */
export const TEACHER_KEYWORD_MAX = 50;
/** Largest id accepted: ids are 32-bit integers on both databases. */
export const TEACHER_ID_MAX = ID_MAX;
/** The time zone the list assumes when the request names none (the school's students are in China). */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/** Coin price of a lesson when a teacher has no price of their own (DESIGN.md §7: a default per level). */
export const DEFAULT_PRICE_BY_LEVEL = { 100: 60, 200: 90, 300: 130 } as const satisfies Record<
  TeacherLevel,
  number
>;

export const TEACHER_SORTS = ['rating', 'lessons', 'price'] as const;
export type TeacherSort = (typeof TEACHER_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const SLOT_STATES = ['free', 'booked', 'mine', 'closed'] as const;
export type SlotState = (typeof SLOT_STATES)[number];

const NATIONALITY_VALUES = valuesOf(NATIONALITIES) as [Nationality, ...Nationality[]];
const LANGUAGE_VALUES = valuesOf(TEACHER_LANGUAGES) as [TeacherLanguage, ...TeacherLanguage[]];
const LEVEL_VALUES = valuesOf(TEACHER_LEVELS) as TeacherLevel[];

/** A teacher's id in a query string (plain decimal digits); in a JSON body it is `bodyIdSchema`. */
export const teacherIdSchema = queryIdSchema;

/** True when `zone` is an IANA time zone this runtime knows (e.g. Asia/Shanghai). */
export function isTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function isCalendarDate(value: string): boolean {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const flagSchema = z
  .enum(['0', '1', 'true', 'false'])
  .transform((v) => v === '1' || v === 'true')
  .optional();

/** Minutes since local midnight of `HH:mm` (00:00-23:59; `24:00` is accepted as the end of a day). */
export function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

const timeOfDaySchema = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'expected HH:mm');

// ---- requests --------------------------------------------------------------------------------------

/**
 * GET /teacher/getTeacherList. Slot filters (`date`, `time_from`/`time_to`) look for a bookable
 * free slot (at least the booking notice ahead, at most 14 days) lying within the window, read in
 * the time zone `tz` (IANA, default Asia/Shanghai): on `date` only, every day in the time range,
 * or within the time range on `date`. `favourites_only` gives a visitor an empty page (never 401).
 */
export const teacherListQuerySchema = pageQuerySchema
  .extend({
    nationality: z.enum(NATIONALITY_VALUES).optional(),
    language: z.enum(LANGUAGE_VALUES).optional(),
    level: queryIntSchema({ min: 0, max: 999 })
      .refine((v) => (LEVEL_VALUES as number[]).includes(v), 'expected 100, 200 or 300')
      .transform((v) => v as TeacherLevel)
      .optional(),
    /** Matches the name and the tags (keys and labels in both languages), case-insensitively. */
    keyword: z.string().trim().max(TEACHER_KEYWORD_MAX).optional(),
    tz: z.string().trim().refine(isTimeZone, 'expected an IANA time zone such as Asia/Shanghai').optional(),
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD')
      .refine(isCalendarDate, 'expected a calendar date')
      .optional(),
    time_from: timeOfDaySchema.optional(),
    time_to: timeOfDaySchema.optional(),
    favourites_only: flagSchema,
    /** rating (default), lessons (lesson count) or price (coins per lesson). */
    sort: z.enum(TEACHER_SORTS).default('rating'),
    /** desc by default. */
    order: z.enum(SORT_ORDERS).default('desc'),
  })
  .refine(
    (q) =>
      q.time_from === undefined || q.time_to === undefined || minutesOf(q.time_from) < minutesOf(q.time_to),
    { message: 'time_from must be before time_to', path: ['time_to'] },
  );
export type TeacherListQuery = z.infer<typeof teacherListQuerySchema>;

export const teacherIdQuerySchema = z.object({ teacher_id: teacherIdSchema });
export type TeacherIdQuery = z.infer<typeof teacherIdQuerySchema>;

/** GET /teacher/getTeacherSchedule: slots starting in [from, to), ISO-8601 instants, at most 31 days. */
export const teacherScheduleQuerySchema = z
  .object({
    teacher_id: teacherIdSchema,
    from: z.iso.datetime({ offset: true }),
    to: z.iso.datetime({ offset: true }),
  })
  .refine((q) => Date.parse(q.from) < Date.parse(q.to), { message: 'from must be before to', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= SCHEDULE_MAX_RANGE_DAYS * 86_400_000, {
    message: `the range is at most ${SCHEDULE_MAX_RANGE_DAYS} days`,
    path: ['to'],
  });
export type TeacherScheduleQuery = z.infer<typeof teacherScheduleQuerySchema>;

export const teacherReviewsQuerySchema = pageQuerySchema.extend({ teacher_id: teacherIdSchema });
export type TeacherReviewsQuery = z.infer<typeof teacherReviewsQuerySchema>;

/** POST /user/UserLikeTeacher: toggles; `like` (optional) sets the state instead, idempotently. */
export const likeTeacherBodySchema = z.object({
  teacher_id: bodyIdSchema,
  like: z.boolean().optional(),
});
export type LikeTeacherBody = z.infer<typeof likeTeacherBodySchema>;

/** GET /user/getLikeTeacherList: `current` default 1, `size` default 10 (SPEC.md §7, §9). */
export const likeTeacherListQuerySchema = pageQuerySchema;

// ---- replies ---------------------------------------------------------------------------------------

export const bilingualTextSchema = z.object({ 'zh-Hans': z.string(), en: z.string() });

/** A card of the teacher list (and of the favourites list). */
export const teacherCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** An image URL; generated avatars are `data:image/svg+xml` URLs. */
  avatar: z.string(),
  nationality: z.enum(NATIONALITY_VALUES),
  languages: z.array(z.enum(LANGUAGE_VALUES)),
  level: z.number().int(),
  price_coins: z.number().int(),
  /** 0-5 with two decimals (e.g. 4.87). */
  rating: z.number(),
  lesson_count: z.number().int(),
  tags: z.array(z.string()),
  /** The earliest bookable free slot (ISO UTC), null when none in the next 14 days. */
  next_free_at: z.string().nullable(),
  /** Whether the logged-in student has the teacher among their favourites; false for visitors. */
  liked: z.boolean(),
});
export type TeacherCard = z.infer<typeof teacherCardSchema>;

export const teacherRadarSchema = z.object({
  education: z.number().int(),
  experience: z.number().int(),
  interaction: z.number().int(),
  pronunciation: z.number().int(),
  rating: z.number().int(),
});
export type TeacherRadar = z.infer<typeof teacherRadarSchema>;

export const teacherInfoSchema = teacherCardSchema.extend({
  intro: bilingualTextSchema,
  /** A video URL (a local path on the demo), or null. */
  intro_video: z.string().nullable(),
  radar: teacherRadarSchema,
  /** Card types that pay for this teacher's lessons (DESIGN.md §7): 200 for PH teachers; 100 always (a card bound to this teacher). */
  accepted_card_types: z.array(z.number().int()),
  /** The teacher refuses students with 3 or more late cancellations in 30 days. */
  refuses_frequent_cancellers: z.boolean(),
  review_count: z.number().int(),
});
export type TeacherInfo = z.infer<typeof teacherInfoSchema>;

export const teacherSlotSchema = z.object({
  id: z.number().int(),
  start: z.string(),
  end: z.string(),
  state: z.enum(SLOT_STATES),
});
export type TeacherSlot = z.infer<typeof teacherSlotSchema>;

export const teacherScheduleSchema = z.object({
  teacher_id: z.number().int(),
  from: z.string(),
  to: z.string(),
  /** The bookable window at the time of the reply: free slots outside it are sent as closed. */
  bookable_from: z.string(),
  bookable_to: z.string(),
  slots: z.array(teacherSlotSchema),
});
export type TeacherSchedule = z.infer<typeof teacherScheduleSchema>;

export const teacherReviewSchema = z.object({
  id: z.number().int(),
  /** Masked: 小*明, L**o. */
  student_nick: z.string(),
  rating: z.number().int(),
  tags: z.array(z.string()),
  content: z.string(),
  created_at: z.string(),
});
export type TeacherReview = z.infer<typeof teacherReviewSchema>;

export const likeTeacherResultSchema = z.object({ liked: z.boolean() });
export type LikeTeacherResult = z.infer<typeof likeTeacherResultSchema>;

export const likedTeacherIdsSchema = z.array(z.number().int());
