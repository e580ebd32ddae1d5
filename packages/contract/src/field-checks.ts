import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';

/**
 * The login form's field checks without zod, so the /login page does not load the schemas (issue
 * 16). The schemas of validation.ts and auth.ts are built from the same patterns, and
 * field-checks.test.ts checks that each function refuses what its schema refuses, with the same
 * message key.
 */

/**
 * Mainland mobile numbers: the allocated segments only (DESIGN.md §6); excludes data-only and
 * unallocated segments such as 140-144, 148, 154, 160-164, 179, 194.
 */
export const MOBILE_PATTERN = /^1(3\d|4[5-79]|5[0-35-9]|6[5-7]|7[0-8]|8\d|9[0-35-9])\d{8}$/;

export function isMobile(value: string): boolean {
  return MOBILE_PATTERN.test(value);
}

/** A 6-digit SMS code, leading zeros kept. */
export const SMS_CODE_PATTERN = /^\d{6}$/;

/**
 * Message keys of validation failures. The texts live in messages.ts (server) and the web app's
 * locales; both use these keys.
 */
export const VALIDATION_KEYS = {
  mobileRequired: 'validation.mobileRequired',
  mobileInvalid: 'validation.mobileInvalid',
  passwordLength: 'validation.passwordLength',
  passwordMismatch: 'validation.passwordMismatch',
  feedbackTypeRequired: 'validation.feedbackTypeRequired',
  feedbackContentRequired: 'validation.feedbackContentRequired',
  checkInput: 'validation.checkInput',
  nameRequired: 'validation.nameRequired',
  smsCode: 'validation.smsCode',
  /** Control or text-direction characters in free text others see (text-safety.ts). */
  unsafeText: 'validation.unsafeText',
} as const;

type ValidationKey = (typeof VALIDATION_KEYS)[keyof typeof VALIDATION_KEYS];

/** What `mobileSchema` says of `value`: undefined when valid, else its message key. */
export function checkMobile(value: string): ValidationKey | undefined {
  const mobile = value.trim();
  if (mobile === '') return VALIDATION_KEYS.mobileRequired;
  return isMobile(mobile) ? undefined : VALIDATION_KEYS.mobileInvalid;
}

/** What `smsCodeSchema` says of `value`. */
export function checkSmsCode(value: string): ValidationKey | undefined {
  return SMS_CODE_PATTERN.test(value) ? undefined : VALIDATION_KEYS.smsCode;
}

/** What `passwordSchema` says of `value` (6-32 characters, SPEC.md §5). */
export function checkPassword(value: string): ValidationKey | undefined {
  return value.length >= PASSWORD_MIN_LENGTH && value.length <= PASSWORD_MAX_LENGTH
    ? undefined
    : VALIDATION_KEYS.passwordLength;
}
