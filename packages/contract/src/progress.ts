import { z } from 'zod';
import { courseTeacherSchema, reportScoresSchema } from './courses.ts';
import { addYears, isCalendarDate } from './progress-dates.ts';

/**
 * "My progress" (issue 37): GET /user/getProgress?from&to, the student's own learning over a period
 * of Beijing calendar days, both ends included.
 */

/** The longest period one read covers: `to` is at most two years after `from`. */
export const PROGRESS_MAX_YEARS = 2;

export { PROGRESS_STREAK_MAX_WEEKS } from './progress-dates.ts';

/** The zone whose calendar days and Monday-first weeks the figures are counted in. */
export const PROGRESS_TIME_ZONE = 'Asia/Shanghai';

export const PROGRESS_KEYS = {
  date: 'validation.progressDate',
  order: 'validation.progressOrder',
  range: 'validation.progressRange',
} as const;

const day = z.string({ error: PROGRESS_KEYS.date }).refine(isCalendarDate, { error: PROGRESS_KEYS.date });

/** Without `from`, the first day of this month; without `to`, today (Beijing days). */
export const progressQuerySchema = z
  .object({ from: day.optional(), to: day.optional() })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    error: PROGRESS_KEYS.order,
    path: ['to'],
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.to <= addYears(q.from, PROGRESS_MAX_YEARS), {
    error: PROGRESS_KEYS.range,
    path: ['to'],
  });
export type ProgressQuery = z.infer<typeof progressQuerySchema>;

export const progressSummarySchema = z.object({
  /** Classes held with the student present (not reported absent). */
  attended: z.number().int(),
  /** Minutes of those classes. */
  minutes: z.number().int(),
  /** Different teachers of those classes. */
  teachers: z.number().int(),
  /** Classes over that the student was reported absent from. */
  absent: z.number().int(),
  /** Classes cancelled less than 24 h before the start. */
  late_cancelled: z.number().int(),
  /** attended + absent + late_cancelled: the classes that were due (cancelled in time and called off apart). */
  booked: z.number().int(),
  /** attended / booked, 0-1; null when nothing was due. */
  attendance_rate: z.number().nullable(),
  /**
   * Weeks in a row, up to now, with at least one attended class (not bound to the period), counted
   * up to PROGRESS_STREAK_MAX_WEEKS: that figure means "a year or more" (shown as "52+ weeks").
   */
  streak_weeks: z.number().int(),
});
export type ProgressSummary = z.infer<typeof progressSummarySchema>;

export const progressWeekSchema = z.object({
  /** The week's Monday (Beijing day). */
  week_start: z.string(),
  attended: z.number().int(),
});
export type ProgressWeek = z.infer<typeof progressWeekSchema>;

export const progressScorePointSchema = z.object({
  /** The class's Beijing day. */
  date: z.string(),
  course_id: z.number().int(),
  score: z.number().int(),
});

export const progressSkillSchema = z.object({
  /** A skill of REPORT_SKILLS (or one a teacher scored that the list does not know yet). */
  skill: z.string(),
  points: z.array(progressScorePointSchema),
});
export type ProgressSkill = z.infer<typeof progressSkillSchema>;

export const progressCommentSchema = z.object({
  report_id: z.number().int(),
  course_id: z.number().int(),
  course_start: z.string(),
  teacher: courseTeacherSchema,
  comment: z.string(),
  homework: z.string(),
  scores: reportScoresSchema,
});
export type ProgressComment = z.infer<typeof progressCommentSchema>;

/** GET /user/getProgress. */
export const progressSchema = z.object({
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
  summary: progressSummarySchema,
  /** Every week the period touches, oldest first, with zero where nothing was attended. */
  weeks: z.array(progressWeekSchema),
  /** One series per skill scored in the period's teacher reports, points oldest first. */
  skills: z.array(progressSkillSchema),
  /** The period's teacher reports, newest first (at most PROGRESS_COMMENTS_MAX). */
  comments: z.array(progressCommentSchema),
  /** The newest teacher report of all: its comment and homework (the homework still open). */
  latest_report: progressCommentSchema.nullable(),
  /** Whether the student ever attended a class (false: the page's empty state). */
  has_history: z.boolean(),
});
export type Progress = z.infer<typeof progressSchema>;

export const PROGRESS_COMMENTS_MAX = 50;
