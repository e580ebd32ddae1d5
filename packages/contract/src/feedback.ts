import { z } from 'zod';
import { FEEDBACK_STATES, FEEDBACK_TYPES, valuesOf, type FeedbackState, type FeedbackType } from './enums.ts';
import { pageQuerySchema, pageSchema } from './paging.ts';
import {
  FEEDBACK_CONTENT_MAX,
  isSafeMultiLine,
  MOBILE_PATTERN,
  normalizeLineBreaks,
  UNSAFE_TEXT_ERROR,
  VALIDATION_KEYS,
} from './validation.ts';

/**
 * Complaints and suggestions (SPEC.md §2 feedback dialog, §5, §7; DESIGN.md §6): POST
 * /user/addStudentComplaint and GET /user/other/getFeedbackList (the student's own, with the
 * school's reply). Field names as SPEC.md spells them: type, content, mobile.
 */

/** Too long a complaint: the dialog's counter stops at the same number. */
export const FEEDBACK_CONTENT_TOO_LONG = 'validation.feedbackContentTooLong' as const;

/**
 * The server's form of the dialog's schema (validation.ts `feedbackFormSchema`): the contact
 * number is optional but, when given, a mainland mobile number.
 */
export const addFeedbackBodySchema = z.object({
  type: z.enum(valuesOf(FEEDBACK_TYPES) as [FeedbackType, ...FeedbackType[]], {
    error: VALIDATION_KEYS.feedbackTypeRequired,
  }),
  content: z
    .string({ error: VALIDATION_KEYS.feedbackContentRequired })
    .overwrite(normalizeLineBreaks)
    .trim()
    .min(1, { error: VALIDATION_KEYS.feedbackContentRequired })
    .max(FEEDBACK_CONTENT_MAX, { error: FEEDBACK_CONTENT_TOO_LONG })
    // Staff read it, also in a terminal (the ops CLI): no control or text-direction characters.
    .refine(isSafeMultiLine, UNSAFE_TEXT_ERROR),
  mobile: z
    .string({ error: VALIDATION_KEYS.mobileInvalid })
    .trim()
    .refine((value) => value === '' || MOBILE_PATTERN.test(value), { error: VALIDATION_KEYS.mobileInvalid })
    .optional()
    .default(''),
});
export type AddFeedbackBody = z.infer<typeof addFeedbackBodySchema>;

export const addFeedbackResultSchema = z.object({ id: z.number().int() });
export type AddFeedbackResult = z.infer<typeof addFeedbackResultSchema>;

export const feedbackListQuerySchema = pageQuerySchema;
export type FeedbackListQuery = z.infer<typeof feedbackListQuerySchema>;

const stateValues = valuesOf(FEEDBACK_STATES) as FeedbackState[];

export const feedbackItemSchema = z.object({
  id: z.number().int(),
  type: z.enum(valuesOf(FEEDBACK_TYPES) as [FeedbackType, ...FeedbackType[]]),
  content: z.string(),
  mobile: z.string(),
  /** 0 pending, 1 processed, 2 closed (dictionary student.feedback.state). */
  state: z
    .number()
    .int()
    .refine((v) => (stateValues as number[]).includes(v)),
  /** The school's reply, or null before it answers. */
  reply: z.string().nullable(),
  reply_at: z.string().nullable(),
  created_at: z.string(),
});
export type FeedbackItem = z.infer<typeof feedbackItemSchema>;

export const feedbackPageSchema = pageSchema(feedbackItemSchema);
