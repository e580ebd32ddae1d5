import { randomBytes } from 'node:crypto';
import { appSettingRepository } from '../../db/app-setting.repository.ts';
import type { Db } from '../../db/database.ts';

/** app_setting key of the generated SMS code pepper (the JWT secret uses SETTING_KEYS.jwtSecret). */
export const SMS_CODE_PEPPER_SETTING = 'sms_code_pepper';

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
