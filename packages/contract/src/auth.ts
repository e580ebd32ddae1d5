import { z } from 'zod';
import { LOGIN_TABS } from './constants.ts';
import { SMS_CODE_PATTERN, VALIDATION_KEYS } from './field-checks.ts';
import { mobileSchema, passwordHashSchema } from './validation.ts';

/**
 * Accounts and sessions (SPEC.md §7, DESIGN.md §6-§7): the request and response shapes of
 * POST /user/SendLoginSmsCode, /user/login, /user/reg, /user/logout, GET /user/getUserInfo and
 * POST /updateToken. Field names as SPEC.md spells them (`Code` in SMS login, `code` in /user/reg).
 */

/** Numbers of DESIGN.md §7; the server enforces them, the web app may quote them. */
export const SMS_CODE_VALID_SECONDS = 300;
export const SMS_RESEND_SECONDS = 60;
export const SMS_CODE_MAX_TRIES = 5;

/** A 6-digit SMS code, leading zeros kept. */
export const smsCodeSchema = z.string({ error: VALIDATION_KEYS.smsCode }).regex(SMS_CODE_PATTERN, {
  error: VALIDATION_KEYS.smsCode,
});

/** The fixed client label SPEC.md §7 sends as `token` in the login body (LOGIN_CLIENT_LABEL). */
const clientLabelSchema = z.string().max(64).optional();

export const sendSmsBodySchema = z.object({ mobile: mobileSchema });
export type SendSmsBody = z.infer<typeof sendSmsBodySchema>;

/**
 * Binds a code to the client that asked for it (DESIGN.md §7 "Code binding"): opaque, 128 random
 * bits (base64url). Optional in login and /user/reg, so clients that follow SPEC.md's call shape
 * keep working; a missing, wrong or unknown one counts the try in the code's "without" bucket.
 */
export const challengeIdSchema = z.string().max(64).optional();

/**
 * Data of a successful send: when the button may be pressed again, how long the code is valid, and
 * the challenge to send back with the code.
 */
export const sendSmsResultSchema = z.object({
  resend_after_seconds: z.number().int(),
  code_valid_seconds: z.number().int(),
  challenge_id: z.string(),
});
export type SendSmsResult = z.infer<typeof sendSmsResultSchema>;

export { LOGIN_TABS } from './constants.ts';

export const loginSmsBodySchema = z.object({
  mobile: mobileSchema,
  Code: smsCodeSchema,
  currentTab: z.literal(LOGIN_TABS.sms),
  token: clientLabelSchema,
  challenge_id: challengeIdSchema,
});
export type LoginSmsBody = z.infer<typeof loginSmsBodySchema>;

/** `password` is the client hash `hex(sha256(hex(sha256(password)) + mobile))`, never the password. */
export const loginPasswordBodySchema = z.object({
  mobile: mobileSchema,
  password: passwordHashSchema,
  currentTab: z.literal(LOGIN_TABS.password),
  token: clientLabelSchema,
});
export type LoginPasswordBody = z.infer<typeof loginPasswordBodySchema>;

export const loginBodySchema = z.discriminatedUnion('currentTab', [
  loginSmsBodySchema,
  loginPasswordBodySchema,
]);
export type LoginBody = z.infer<typeof loginBodySchema>;

/** Registration with a password; the code comes from SendLoginSmsCode (one code serves both). */
export const regBodySchema = z.object({
  mobile: mobileSchema,
  password: passwordHashSchema,
  code: smsCodeSchema,
  challenge_id: challengeIdSchema,
});
export type RegBody = z.infer<typeof regBodySchema>;

/** The session pair: a JWT access token (Authorization header) and an opaque refresh token. */
export const tokenPairSchema = z.object({ token: z.string(), refreshToken: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const updateTokenBodySchema = z.object({ refreshToken: z.string().min(1).max(256) });
export type UpdateTokenBody = z.infer<typeof updateTokenBodySchema>;

/** GET /user/getUserInfo (SPEC.md §3 plus sex and birthday, DESIGN.md §6). */
export const userInfoSchema = z.object({
  student_id: z.number().int(),
  student_eng_name: z.string(),
  student_phone: z.string(),
  /** Avatar URL; '' when none was uploaded. */
  student_pic: z.string(),
  student_nick: z.string(),
  /** 0 unset, 1 male, 2 female. */
  sex: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  /** YYYY-MM-DD, or null when not set. */
  birthday: z.string().nullable(),
  /**
   * Whether the account has a password (the set-password page then asks for the current one;
   * without one it asks for an SMS code). The server always sends it; optional in the type only
   * because sessions stored by earlier versions of the web app lack it.
   */
  has_password: z.boolean().optional(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/**
 * A refusal of a rate-limited call (HTTP 429): `data.retry_after_seconds` says when to try again
 * (null when the generic request limiter refused).
 */
export const retryAfterSchema = z.object({ retry_after_seconds: z.number().int() });
export const rateLimitedEnvelopeSchema = z.object({
  code: z.number().int(),
  data: retryAfterSchema.nullable(),
  msg: z.string(),
});
