import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';
import { FEEDBACK_TYPES, valuesOf } from './enums.ts';
import { MOBILE_PATTERN, VALIDATION_KEYS } from './field-checks.ts';
import { isSafeText, normalizeLineBreaks } from './text-safety.ts';

export { isMobile, MOBILE_PATTERN, VALIDATION_KEYS } from './field-checks.ts';
export { normalizeLineBreaks } from './text-safety.ts';

/**
 * Free text others see (issue 32 §5; the rules and why in text-safety.ts): a single-line text (a
 * nick) takes no control or text-direction character; a multi-line one (a complaint, a review, a
 * remark) also takes line feeds and tabs, once `.overwrite(normalizeLineBreaks)` made CR a line feed.
 * Used as `.refine(isSafeLine, UNSAFE_TEXT_ERROR)`, so the browser and the server say the same.
 */
export const isSafeLine = (value: string): boolean => isSafeText(value, 'single');
export const isSafeMultiLine = (value: string): boolean => isSafeText(value, 'multi');
export const UNSAFE_TEXT_ERROR = { error: VALIDATION_KEYS.unsafeText };

export const mobileSchema = z
  .string({ error: VALIDATION_KEYS.mobileRequired })
  .trim()
  .min(1, { error: VALIDATION_KEYS.mobileRequired })
  .regex(MOBILE_PATTERN, { error: VALIDATION_KEYS.mobileInvalid });

/** A password as typed by the student (6-32 characters, SPEC.md §5). */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { error: VALIDATION_KEYS.passwordLength })
  .max(PASSWORD_MAX_LENGTH, { error: VALIDATION_KEYS.passwordLength });

/** The client-side password hash sent instead of the password (DESIGN.md §6): 64 lowercase hex chars. */
export const passwordHashSchema = z.string().regex(/^[0-9a-f]{64}$/, { error: VALIDATION_KEYS.checkInput });

export const FEEDBACK_CONTENT_MAX = 1000;

/** POST /user/addStudentComplaint (SPEC.md §2 feedback dialog, §5, §7). */
export const feedbackFormSchema = z.object({
  type: z.enum(valuesOf(FEEDBACK_TYPES) as [string, ...string[]], {
    error: VALIDATION_KEYS.feedbackTypeRequired,
  }),
  content: z
    .string({ error: VALIDATION_KEYS.feedbackContentRequired })
    .overwrite(normalizeLineBreaks)
    .trim()
    .min(1, { error: VALIDATION_KEYS.feedbackContentRequired })
    .max(FEEDBACK_CONTENT_MAX)
    .refine(isSafeMultiLine, UNSAFE_TEXT_ERROR),
  mobile: z.string().trim().max(64).optional().default(''),
});
export type FeedbackForm = z.infer<typeof feedbackFormSchema>;
