import { z } from 'zod';
import { CANCEL_REMARK_MAX, PAY_TYPES, REVIEW_CONTENT_MAX, TIMETABLE_MAX_RANGE_DAYS } from './booking.ts';
import {
  CANCEL_REASONS,
  CARD_TYPES,
  COURSE_STATUSES,
  NATIONALITIES,
  valuesOf,
  type CancelReason,
  type CourseStatus,
  type EnumItem,
  type Nationality,
  REVIEW_TAG_VALUES,
} from './enums.ts';
import { fileItemSchema } from './files.ts';
import { bodyIdSchema, ID_MAX, queryIdSchema } from './ids.ts';
import { pageQuerySchema, pageSchema } from './paging.ts';
import { isSafeMultiLine, normalizeLineBreaks, UNSAFE_TEXT_ERROR } from './validation.ts';

/**
 * Classes (issue #13, DESIGN.md §6 /course/*, §7 "Booking", "Cancelling", "Class lifecycle"):
 * booking and cancelling, the timetable and the lists, a class's page with its playback, the
 * student's review, and the teachers' post-lesson reports (the /course/feedback pages).
 */

/** Largest id accepted: ids are 32-bit integers on both databases. */
export const RECORD_ID_MAX = ID_MAX;
/** An id in a query string or a path (plain decimal digits); ids in JSON bodies are `bodyIdSchema`. */
export const recordIdSchema = queryIdSchema;

const CANCEL_REASON_VALUES = valuesOf(CANCEL_REASONS) as [CancelReason, ...CancelReason[]];
const COURSE_STATUS_VALUES = valuesOf(COURSE_STATUSES) as CourseStatus[];
const CARD_TYPE_VALUES = valuesOf(CARD_TYPES) as number[];
const NATIONALITY_VALUES = valuesOf(NATIONALITIES) as [Nationality, ...Nationality[]];

export const COURSE_LIST_SCOPES = ['recent', 'finished'] as const;
export type CourseListScope = (typeof COURSE_LIST_SCOPES)[number];

/**
 * Why a class page shows a recording or not (DESIGN.md §7 "Playback"): `ready` (url and expires_at
 * set), `pending` (the class is over and the recording has not arrived yet: within 24 h), `expired`
 * (end + 30 days passed), `missed` (the student was absent: there is none), `none` (the class is not
 * over, or it was cancelled or abolished).
 */
export const PLAYBACK_STATES = ['ready', 'pending', 'expired', 'missed', 'none'] as const;
export type PlaybackState = (typeof PLAYBACK_STATES)[number];

/** Skills a teacher scores in a post-lesson report, 1-5 each. */
export const REPORT_SKILLS = [
  { value: 'pronunciation', label: { 'zh-Hans': '发音', en: 'Pronunciation' } },
  { value: 'vocabulary', label: { 'zh-Hans': '词汇', en: 'Vocabulary' } },
  { value: 'grammar', label: { 'zh-Hans': '语法', en: 'Grammar' } },
  { value: 'fluency', label: { 'zh-Hans': '流利度', en: 'Fluency' } },
  { value: 'comprehension', label: { 'zh-Hans': '理解', en: 'Comprehension' } },
] as const satisfies readonly EnumItem<string>[];
export type ReportSkill = (typeof REPORT_SKILLS)[number]['value'];

const isoRange = <T extends { from: string; to: string }>(schema: z.ZodType<T>, maxDays: number) =>
  schema
    .refine((q) => Date.parse(q.from) < Date.parse(q.to), { message: 'from must be before to', path: ['to'] })
    .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= maxDays * 86_400_000, {
      message: `the range is at most ${maxDays} days`,
      path: ['to'],
    });

// ---- requests --------------------------------------------------------------------------------------

/**
 * POST /course/bookCourse. `card_id` picks the card when paying by card; without it the usable card
 * that expires first pays. The optional `Idempotency-Key` header makes a retry return the first reply.
 */
export const bookCourseBodySchema = z
  .object({
    slot_id: bodyIdSchema,
    pay_type: z.enum(PAY_TYPES),
    card_id: bodyIdSchema.optional(),
  })
  .refine((b) => b.card_id === undefined || b.pay_type === 'card', {
    message: 'card_id is only for pay_type card',
    path: ['card_id'],
  });
export type BookCourseBody = z.infer<typeof bookCourseBodySchema>;

/** POST /course/cancelCourse: a reason is required, the remark optional (≤ 200 characters). */
export const cancelCourseBodySchema = z.object({
  id: bodyIdSchema,
  reason: z.enum(CANCEL_REASON_VALUES),
  remark: z
    .string()
    .overwrite(normalizeLineBreaks)
    .trim()
    .max(CANCEL_REMARK_MAX)
    .refine(isSafeMultiLine, UNSAFE_TEXT_ERROR)
    .optional(),
});
export type CancelCourseBody = z.infer<typeof cancelCourseBodySchema>;

/** GET /course/getTimetable: the student's classes starting in [from, to), at most 42 days. */
export const timetableQuerySchema = isoRange(
  z.object({ from: z.iso.datetime({ offset: true }), to: z.iso.datetime({ offset: true }) }),
  TIMETABLE_MAX_RANGE_DAYS,
);
export type TimetableQuery = z.infer<typeof timetableQuerySchema>;

/**
 * GET /course/getCourseList: `recent` = not started or in class (soonest first); `finished` = over,
 * cancelled or abolished (latest first).
 */
export const courseListQuerySchema = pageQuerySchema.extend({
  scope: z.enum(COURSE_LIST_SCOPES).default('recent'),
});
export type CourseListQuery = z.infer<typeof courseListQuerySchema>;

/** GET /course/getCourseInfo. */
export const courseIdQuerySchema = z.object({ id: recordIdSchema });
export type CourseIdQuery = z.infer<typeof courseIdQuerySchema>;

/** POST /course/addCourseReview: once per finished class the student attended, within 7 days of its end. */
export const addCourseReviewBodySchema = z.object({
  id: bodyIdSchema,
  rating: z.number().int().min(1).max(5),
  tags: z
    .array(z.enum(REVIEW_TAG_VALUES))
    .max(REVIEW_TAG_VALUES.length)
    .refine((tags) => new Set(tags).size === tags.length, 'tags must not repeat')
    .default([]),
  /** Shown to everyone with the teacher's reviews: no control or text-direction characters. */
  content: z
    .string()
    .overwrite(normalizeLineBreaks)
    .trim()
    .max(REVIEW_CONTENT_MAX)
    .refine(isSafeMultiLine, UNSAFE_TEXT_ERROR)
    .default(''),
});
export type AddCourseReviewBody = z.infer<typeof addCourseReviewBodySchema>;

/** GET /course/getFeedbackList: the teachers' reports, newest first. */
export const feedbackListQuerySchema = pageQuerySchema;
export type FeedbackListQuery = z.infer<typeof feedbackListQuerySchema>;

/** GET /course/getFeedbackInfo: `ec_id` is the class, `id` the report (the route /course/feedback/view/{ec_id}/{id}). */
export const feedbackInfoQuerySchema = z.object({ ec_id: recordIdSchema, id: recordIdSchema });
export type FeedbackInfoQuery = z.infer<typeof feedbackInfoQuerySchema>;

// ---- replies ---------------------------------------------------------------------------------------

export const courseTeacherSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string(),
  nationality: z.enum(NATIONALITY_VALUES),
});
export type CourseTeacher = z.infer<typeof courseTeacherSchema>;

/** A class as the timetable and the lists show it. `status` is derived from the time (never stale). */
export const courseItemSchema = z.object({
  id: z.number().int(),
  teacher: courseTeacherSchema,
  slot_id: z.number().int(),
  start: z.string(),
  end: z.string(),
  /** 25 or 50. */
  minutes: z.number().int(),
  status: z
    .number()
    .int()
    .refine((v) => (COURSE_STATUS_VALUES as number[]).includes(v)),
  pay_type: z.enum(PAY_TYPES),
  /** Coins paid (0 when a card paid). */
  price_coins: z.number().int(),
  card_id: z.number().int().nullable(),
  card_type: z
    .number()
    .int()
    .refine((v) => CARD_TYPE_VALUES.includes(v))
    .nullable(),
  /** Cancelled less than 24 h before the start (nothing refunded). */
  late_cancel: z.boolean(),
  cancel_reason: z.enum(CANCEL_REASON_VALUES).nullable(),
  cancelled_at: z.string().nullable(),
  /**
   * The student was present (true), absent (false), or not reported (null). An absent student's
   * class is over (300) without a recording; a teacher's no-show abolishes the class (-100).
   */
  attended: z.boolean().nullable(),
  created_at: z.string(),
});
export type CourseItem = z.infer<typeof courseItemSchema>;

/**
 * The classes over by what happened (issue 33 §3): "finished" (已上) counts `attended` only (over
 * and not reported absent); the others are counted apart. They sum to the finished list's total.
 */
export const courseOutcomeCountsSchema = z.object({
  attended: z.number().int().min(0),
  /** Over, the student reported absent. */
  missed: z.number().int().min(0),
  /** Cancelled by the student (status -200). */
  cancelled: z.number().int().min(0),
  /** Called off: the teacher did not come (status -100). */
  called_off: z.number().int().min(0),
});
export type CourseOutcomeCounts = z.infer<typeof courseOutcomeCountsSchema>;

/** GET /course/getCourseList's page; `outcomes` with the `finished` scope only (its total, split). */
export const courseListPageSchema = pageSchema(courseItemSchema).extend({
  outcomes: courseOutcomeCountsSchema.optional(),
});
export type CourseListPage = z.infer<typeof courseListPageSchema>;

export const playbackSchema = z.object({
  state: z.enum(PLAYBACK_STATES),
  url: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type Playback = z.infer<typeof playbackSchema>;

export const courseReviewSchema = z.object({
  rating: z.number().int(),
  tags: z.array(z.string()),
  content: z.string(),
  created_at: z.string(),
});
export type CourseReview = z.infer<typeof courseReviewSchema>;

export const reportScoresSchema = z.record(z.string(), z.number().int());

/** One teacher's post-lesson report (GET /course/getFeedbackInfo; the list shows it without the long texts). */
export const teacherReportSchema = z.object({
  id: z.number().int(),
  /** The class (the route's ec_id). */
  course_id: z.number().int(),
  teacher: courseTeacherSchema,
  course_start: z.string(),
  /** Skill (REPORT_SKILLS) → 1-5. */
  scores: reportScoresSchema,
  comment: z.string(),
  homework: z.string(),
  created_at: z.string(),
  read: z.boolean(),
});
export type TeacherReport = z.infer<typeof teacherReportSchema>;

export const teacherReportItemSchema = teacherReportSchema.omit({ comment: true, homework: true });
export type TeacherReportItem = z.infer<typeof teacherReportItemSchema>;

/** GET /course/getCourseInfo. */
export const courseInfoSchema = courseItemSchema.extend({
  cancel_remark: z.string().nullable(),
  /** Null unless the classroom is open (10 minutes before the start until the end). */
  classroom_url: z.string().nullable(),
  playback: playbackSchema,
  /** Whether cancelling is possible now, and whether it would refund (24 h or more before the start). */
  cancellable: z.boolean(),
  cancel_refunds: z.boolean(),
  review: courseReviewSchema.nullable(),
  /** Whether a review can be added now, and until when. */
  reviewable: z.boolean(),
  review_until: z.string().nullable(),
  report: teacherReportItemSchema.nullable(),
  /** Courseware the teacher attached to this class (files; download with /user/file/getDownloadUrl). */
  courseware: z.array(fileItemSchema),
});
export type CourseInfo = z.infer<typeof courseInfoSchema>;

/** POST /course/cancelCourse reply: what was given back (nothing for a late cancellation). */
export const cancelCourseResultSchema = z.object({
  id: z.number().int(),
  status: z.number().int(),
  late_cancel: z.boolean(),
  refunded_coins: z.number().int(),
  refunded_card_lessons: z.number().int(),
});
export type CancelCourseResult = z.infer<typeof cancelCourseResultSchema>;

export const timetableSchema = z.object({
  from: z.string(),
  to: z.string(),
  records: z.array(courseItemSchema),
});
export type Timetable = z.infer<typeof timetableSchema>;

// ---- calendar feed -----------------------------------------------------------------------------------

/**
 * GET /course/getCalendar.ics?token=: the student's upcoming classes as iCalendar (not an envelope).
 * The token comes from POST /course/getCalendarToken; an unknown or reset token is a 404.
 */
export const calendarFeedQuerySchema = z.object({ token: z.string().trim().min(1).max(200) });
export type CalendarFeedQuery = z.infer<typeof calendarFeedQuerySchema>;

/**
 * POST /course/getCalendarToken and /course/resetCalendarToken reply: the feed's address, as https
 * (to paste into a calendar app's "subscribe by URL") and as webcal (opens the phone's calendar app).
 */
export const calendarFeedUrlsSchema = z.object({ url: z.string(), webcal_url: z.string() });
export type CalendarFeedUrls = z.infer<typeof calendarFeedUrlsSchema>;
