import { z } from 'zod';
import { challengeIdSchema, smsCodeSchema, userInfoSchema } from './auth.ts';
import { courseItemSchema, teacherReportItemSchema } from './courses.ts';
import { isSafeLine, passwordHashSchema, UNSAFE_TEXT_ERROR, VALIDATION_KEYS } from './validation.ts';

/**
 * The user centre (SPEC.md §2 /user pages, §3 profile fields, §7; DESIGN.md §6): GET
 * /user/getUserHome, POST /user/setUserInfo, POST /user/uploadAvatar, POST /user/setPassword.
 */

export const NICK_MAX = 20;
export const ENG_NAME_MAX = 40;
/** Avatars: png, jpeg or webp (checked by their bytes), at most 2 MB. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_KINDS = ['png', 'jpeg', 'webp'] as const;
export type AvatarKind = (typeof AVATAR_KINDS)[number];
export const BIRTHDAY_MIN = '1900-01-01';

/** Message keys of the profile rules (texts in messages.ts and the web app's locales). */
export const PROFILE_KEYS = {
  nickTooLong: 'validation.nickTooLong',
  engNameInvalid: 'validation.engNameInvalid',
  sexInvalid: 'validation.sexInvalid',
  birthdayInvalid: 'validation.birthdayInvalid',
} as const;

/**
 * English names: Latin letters (accents allowed), with spaces, apostrophes, dots and hyphens
 * between them ("Mary-Jane O'Neil", "Zoë"); no digits, no markup.
 */
export const ENG_NAME_PATTERN = /^[\p{Script=Latin}](?:[\p{Script=Latin} .'-]*[\p{Script=Latin}.])?$/u;

/** A real calendar date YYYY-MM-DD, not before 1900 (the future is refused on the server's clock). */
export function isBirthday(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value < BIRTHDAY_MIN) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const nameRequired = { error: VALIDATION_KEYS.nameRequired };

export const nickSchema = z
  .string(nameRequired)
  .trim()
  .min(1, nameRequired)
  .max(NICK_MAX, { error: PROFILE_KEYS.nickTooLong })
  // Shown to others with the student's reviews: no control or text-direction characters.
  .refine(isSafeLine, UNSAFE_TEXT_ERROR);

export const engNameSchema = z
  .string(nameRequired)
  .trim()
  .min(1, nameRequired)
  .max(ENG_NAME_MAX, { error: PROFILE_KEYS.engNameInvalid })
  .regex(ENG_NAME_PATTERN, { error: PROFILE_KEYS.engNameInvalid })
  // The pattern already refuses them; the check says so should the pattern ever widen.
  .refine(isSafeLine, UNSAFE_TEXT_ERROR);

/**
 * POST /user/setUserInfo: only the writable profile fields (DESIGN.md §6, §7 "Writable profile
 * fields are an allow-list"); every field optional (only those sent change). Anything else
 * (student_id, student_phone, student_pic, password, coins…) is refused with a 400 naming it:
 * the avatar changes only through /user/uploadAvatar, the password through /user/setPassword.
 */
export const setUserInfoBodySchema = z.strictObject({
  student_nick: nickSchema.optional(),
  student_eng_name: engNameSchema.optional(),
  sex: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: PROFILE_KEYS.sexInvalid }).optional(),
  /** YYYY-MM-DD, or null to clear it. */
  birthday: z
    .string({ error: PROFILE_KEYS.birthdayInvalid })
    .refine(isBirthday, { error: PROFILE_KEYS.birthdayInvalid })
    .nullable()
    .optional(),
  /** SMS reminder 60 minutes before each class (on by default). */
  class_reminder: z.boolean().optional(),
});
export type SetUserInfoBody = z.infer<typeof setUserInfoBodySchema>;

/** The profile page's shape: the user info plus the student's settings. */
export const userProfileSchema = userInfoSchema.extend({ class_reminder: z.boolean() });
export type UserProfile = z.infer<typeof userProfileSchema>;

/**
 * POST /user/setPassword: the new password's client hash `hex(sha256(hex(sha256(password)) +
 * mobile))` and a proof that the student, not only their access token, asks (issue 32 §4): the
 * current password's client hash (`old_password`, when the account has one), or a fresh SMS code of
 * the student's phone with its challenge (`code`, `challenge_id` from /user/SendLoginSmsCode, as
 * login takes them; also for a student who forgot the current password). Without a proof: 400.
 */
export const setPasswordBodySchema = z.object({
  password: passwordHashSchema,
  old_password: passwordHashSchema.optional(),
  code: smsCodeSchema.optional(),
  challenge_id: challengeIdSchema,
});
export type SetPasswordBody = z.infer<typeof setPasswordBodySchema>;

/** How many sessions on other devices the change ended. */
export const setPasswordResultSchema = z.object({ revoked_sessions: z.number().int().min(0) });
export type SetPasswordResult = z.infer<typeof setPasswordResultSchema>;

/** POST /user/uploadAvatar: the new avatar's URL (also the profile's student_pic). */
export const uploadAvatarResultSchema = z.object({ student_pic: z.string() });
export type UploadAvatarResult = z.infer<typeof uploadAvatarResultSchema>;

/** GET /user/getUserHome: the account overview of /user/home. */
export const userHomeSchema = z.object({
  user: userProfileSchema,
  coins: z.number().int().min(0),
  cards: z.object({
    /** Cards not expired with lessons left. */
    usable: z.number().int().min(0),
    /** Lessons left on the usable cards. */
    lessons_left: z.number().int().min(0),
    /** The soonest expiry of a usable card (ISO), null when none. */
    nearest_expiry: z.string().nullable(),
  }),
  /** Up to 3 classes not started or in class, soonest first. */
  next_classes: z.array(courseItemSchema),
  reports: z.object({
    unread: z.number().int().min(0),
    /** The newest teacher reports (up to 3). */
    latest: z.array(teacherReportItemSchema),
  }),
  counts: z.object({
    /** Classes not started or in class (the recent list's total). */
    upcoming_classes: z.number().int().min(0),
    /**
     * Every class over, cancelled or called off (the finished list's total): the sum of the four
     * counts below. What the home calls "finished" (已上) is `attended_classes`.
     */
    finished_classes: z.number().int().min(0),
    /** Classes over that the student attended (not reported absent). */
    attended_classes: z.number().int().min(0),
    /** Classes over that the student was reported absent from (attended = false). */
    missed_classes: z.number().int().min(0),
    /** Classes the student cancelled (status -200). */
    cancelled_classes: z.number().int().min(0),
    /** Classes called off because the teacher did not come (status -100). */
    called_off_classes: z.number().int().min(0),
    favourite_teachers: z.number().int().min(0),
  }),
});
export type UserHome = z.infer<typeof userHomeSchema>;
