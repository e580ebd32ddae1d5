import { randomBytes } from 'node:crypto';
import { appSettingRepository } from './app-setting.repository.ts';
import type { Db } from './database.ts';

/**
 * app_setting keys of the secrets the server generates when the config gives none. Every area that
 * signs something keeps its secret here, so one place lists what the database holds.
 */
export const SECRET_SETTING_KEYS = {
  /** Signs access tokens (JWT_SECRET when set). */
  jwtSecret: 'jwt_secret',
  /** Peppers the stored SMS code hashes (SMS_CODE_PEPPER when set). */
  smsCodePepper: 'sms_code_pepper',
  /** Signs the classroom links and derives the calendar feed tokens. */
  coursesLinkSecret: 'courses_link_secret',
  /** Signs the live classroom's teacher links (modules/classroom/teacher-link.ts). */
  classroomTeacherLinkSecret: 'classroom_teacher_link_secret',
  /** Signs courseware download links. */
  filesLinkSecret: 'files_link_secret',
  /** Signs the sandbox payment provider's notifications and cashier links. */
  paySandboxSecret: 'pay_sandbox_secret',
} as const;

/**
 * A server secret: the configured value, or one generated once and stored in app_setting, so every
 * instance on the same database uses the same value (DESIGN.md §9 JWT_SECRET). `insertIfAbsent`
 * makes instances that start at the same time agree on the first value written.
 */
export async function resolveSecret(
  db: Db,
  configured: string | undefined,
  settingKey: string,
  now: number,
): Promise<string> {
  if (configured) return configured;
  await appSettingRepository.insertIfAbsent(db, settingKey, randomBytes(48).toString('base64url'), now);
  const stored = await appSettingRepository.find(db, settingKey);
  if (!stored) throw new Error(`Secret ${settingKey} could not be stored`);
  return stored;
}
