import { z } from 'zod';
import { optionalString } from '../../env-fields.ts';
import { createAliyunSmsProvider, type AliyunSmsConfig } from './aliyun-sms-provider.ts';
import { createLogSmsProvider } from './log-sms-provider.ts';
import type { SmsLogger, SmsProvider } from './sms-provider.ts';

/**
 * The SMS provider's environment variables (README "Configuration"), merged into the server's
 * environment schema by config.ts. SMS_DRIVER chooses the provider; each driver's settings are
 * checked here, so the rest of the server only sees `createSmsProviderFromConfig`.
 */
export const smsEnvSchema = z.object({
  SMS_DRIVER: z.enum(['log', 'aliyun']).default('log'),
  /** Aliyun SMS (SMS_DRIVER=aliyun): all but the endpoint are required then. */
  ALIYUN_SMS_ACCESS_KEY_ID: optionalString,
  ALIYUN_SMS_ACCESS_KEY_SECRET: optionalString,
  ALIYUN_SMS_SIGN_NAME: optionalString,
  ALIYUN_SMS_TEMPLATE_CODE: optionalString,
  ALIYUN_SMS_ENDPOINT: optionalString,
  /** The registered class-reminder template (params teacher, time, minutes); reminders need it. */
  ALIYUN_SMS_REMINDER_TEMPLATE_CODE: optionalString,
  /** The live classroom's teacher link (params time, link), sent to the teacher as the room opens. */
  ALIYUN_SMS_TEACHER_LINK_TEMPLATE_CODE: optionalString,
  /** The student's notice of a teacher no-show (params teacher, time). */
  ALIYUN_SMS_NO_SHOW_TEMPLATE_CODE: optionalString,
});

export type SmsSettings = z.output<typeof smsEnvSchema>;

const ALIYUN_REQUIRED = [
  'ALIYUN_SMS_ACCESS_KEY_ID',
  'ALIYUN_SMS_ACCESS_KEY_SECRET',
  'ALIYUN_SMS_SIGN_NAME',
  'ALIYUN_SMS_TEMPLATE_CODE',
] as const;

/** The settings the chosen driver needs but lacks (config.ts refuses to start with any). */
export function missingSmsSettings(settings: SmsSettings): { key: string; message: string }[] {
  if (settings.SMS_DRIVER !== 'aliyun') return [];
  return ALIYUN_REQUIRED.filter((key) => !settings[key]).map((key) => ({
    key,
    message: 'required when SMS_DRIVER=aliyun',
  }));
}

/** The provider SMS_DRIVER names, built from its settings (complete: the config was checked). */
export function createSmsProviderFromConfig(
  config: SmsSettings & { DATA_DIR: string },
  logger: SmsLogger,
): SmsProvider {
  if (config.SMS_DRIVER === 'aliyun') {
    return createSmsProvider({
      driver: 'aliyun',
      dataDir: config.DATA_DIR,
      logger,
      aliyun: {
        accessKeyId: config.ALIYUN_SMS_ACCESS_KEY_ID ?? '',
        accessKeySecret: config.ALIYUN_SMS_ACCESS_KEY_SECRET ?? '',
        signName: config.ALIYUN_SMS_SIGN_NAME ?? '',
        templateCode: config.ALIYUN_SMS_TEMPLATE_CODE ?? '',
        ...(config.ALIYUN_SMS_ENDPOINT ? { endpoint: config.ALIYUN_SMS_ENDPOINT } : {}),
        noticeTemplates: {
          ...(config.ALIYUN_SMS_REMINDER_TEMPLATE_CODE
            ? { classReminder: config.ALIYUN_SMS_REMINDER_TEMPLATE_CODE }
            : {}),
          ...(config.ALIYUN_SMS_TEACHER_LINK_TEMPLATE_CODE
            ? { teacherClassLink: config.ALIYUN_SMS_TEACHER_LINK_TEMPLATE_CODE }
            : {}),
          ...(config.ALIYUN_SMS_NO_SHOW_TEMPLATE_CODE
            ? { teacherNoShow: config.ALIYUN_SMS_NO_SHOW_TEMPLATE_CODE }
            : {}),
        },
      },
    });
  }
  return createSmsProvider({ driver: 'log', dataDir: config.DATA_DIR, logger });
}

export type SmsProviderConfig = {
  driver: 'log' | 'aliyun';
  dataDir: string;
  logger: SmsLogger;
  aliyun?: AliyunSmsConfig;
};

/** The provider of a driver: the one place that knows the drivers (sms-provider.ts holds what they share). */
export function createSmsProvider(config: SmsProviderConfig): SmsProvider {
  switch (config.driver) {
    case 'log':
      return createLogSmsProvider({ dataDir: config.dataDir, logger: config.logger });
    case 'aliyun':
      if (!config.aliyun) throw new Error('SMS driver "aliyun" needs its configuration (aliyun: {…})');
      return createAliyunSmsProvider(config.aliyun, config.logger);
    default: {
      const driver: never = config.driver;
      throw new Error(`Unknown SMS driver: ${String(driver)}`);
    }
  }
}
