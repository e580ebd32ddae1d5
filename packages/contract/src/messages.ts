import type { Bilingual } from './i18n.ts';
import { AUTH_MESSAGES } from './messages/auth.ts';
import { CLASSROOM_MESSAGES } from './messages/classroom.ts';
import { COMMON_MESSAGES } from './messages/common.ts';
import { COURSE_MESSAGES } from './messages/courses.ts';
import { FILE_MESSAGES } from './messages/files.ts';
import { PAYMENT_MESSAGES } from './messages/payments.ts';
import { PROGRESS_MESSAGES } from './messages/progress.ts';
import { RECORDING_MESSAGES } from './messages/recording.ts';
import { TEACHER_MESSAGES } from './messages/teachers.ts';
import { USER_MESSAGES } from './messages/users.ts';

/**
 * The registry of the messages the server sends in `msg` and the web app shows for the same rules:
 * one file per area under messages/, merged here. Keys are stable and unique across areas (the
 * contract test refuses a key defined twice); add a key to its area with both languages, never one.
 */
export const MESSAGE_AREAS = {
  common: COMMON_MESSAGES,
  auth: AUTH_MESSAGES,
  teachers: TEACHER_MESSAGES,
  courses: COURSE_MESSAGES,
  payments: PAYMENT_MESSAGES,
  users: USER_MESSAGES,
  files: FILE_MESSAGES,
  progress: PROGRESS_MESSAGES,
  classroom: CLASSROOM_MESSAGES,
  recording: RECORDING_MESSAGES,
} as const;

export const MESSAGES = {
  ...COMMON_MESSAGES,
  ...AUTH_MESSAGES,
  ...TEACHER_MESSAGES,
  ...COURSE_MESSAGES,
  ...PAYMENT_MESSAGES,
  ...USER_MESSAGES,
  ...FILE_MESSAGES,
  ...PROGRESS_MESSAGES,
  ...CLASSROOM_MESSAGES,
  ...RECORDING_MESSAGES,
} as const satisfies Record<string, Bilingual>;

export type MessageKey = keyof typeof MESSAGES;

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(MESSAGES, key);
}

/** Renders a message in a language, filling `{name}` placeholders. */
export function message(
  key: MessageKey,
  lang: keyof Bilingual,
  params: Record<string, string | number> = {},
) {
  return MESSAGES[key][lang].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}
