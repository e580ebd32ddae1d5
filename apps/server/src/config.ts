import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The directory of the server package (apps/server), whatever the working directory is. */
export const SERVER_PACKAGE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();
const flag = z
  .enum(['0', '1', 'true', 'false', 'on', 'off', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'on' || v === 'yes');

/**
 * TRUST_PROXY (DESIGN.md §2, §9): off by default; `true`, a hop count, or a comma-separated list of
 * addresses/CIDRs of the load balancers whose X-Forwarded-For is believed.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((raw, ctx): boolean | number | string[] => {
    const v = raw.toLowerCase();
    if (v === '' || v === '0' || v === 'false' || v === 'off' || v === 'no') return false;
    if (v === 'true' || v === 'on' || v === 'yes') return true;
    if (/^\d+$/.test(v)) return Number(v);
    const list = raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (list.every((s) => /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(s))) return list;
    ctx.addIssue({ code: 'custom', message: 'expected off, true, a hop count or a list of IPs/CIDRs' });
    return z.NEVER;
  });

const httpUrl = z.url({ protocol: /^https?$/ });

const envSchema = z.object({
  PORT: int(0, 65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  REDIS_URL: optionalString.pipe(z.url({ protocol: /^rediss?$/ }).optional()),
  /** Unset: seed an empty embedded database only. 1: also seed PostgreSQL. 0: never seed. */
  SEED_DEMO: optionalString.pipe(flag.optional()),
  ACCESS_TOKEN_TTL_SECONDS: int(60, 86_400).default(1800),
  REFRESH_TOKEN_TTL_SECONDS: int(300, 31_536_000).default(604_800),
  SMS_DAILY_BUDGET: int(0, 100_000_000).default(10_000),
  SMS_DRIVER: z.enum(['log', 'aliyun']).default('log'),
  /** Aliyun SMS (SMS_DRIVER=aliyun): all but the endpoint are required then. */
  ALIYUN_SMS_ACCESS_KEY_ID: optionalString,
  ALIYUN_SMS_ACCESS_KEY_SECRET: optionalString,
  ALIYUN_SMS_SIGN_NAME: optionalString,
  ALIYUN_SMS_TEMPLATE_CODE: optionalString,
  ALIYUN_SMS_ENDPOINT: optionalString,
  /** Key of the HMAC that stores SMS codes; generated once into the database when unset. */
  SMS_CODE_PEPPER: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  /** scrypt cost N of stored passwords (DESIGN.md §7): a power of two; tests lower it. */
  SCRYPT_COST: int(2 ** 10, 2 ** 20)
    .refine((n) => (n & (n - 1)) === 0, 'must be a power of two')
    .default(2 ** 17),
  PAY_DRIVER: z.enum(['sandbox', 'live']).default('sandbox'),
  CLASSROOM_DRIVER: z.enum(['demo']).default('demo'),
  BOOKING_MIN_NOTICE_MINUTES: int(0, 10_080).default(60),
  ORDER_TTL_MINUTES: int(1, 1440).default(15),
  BRAND_TITLE_ZH: z.string().trim().min(1).max(60).default('灵犀外教'),
  BRAND_TITLE_EN: z.string().trim().min(1).max(60).default('LinguaSpark'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  TRUST_PROXY: trustProxy.default(false),
  FILE_STORE: optionalString,
  WEB_DIST: optionalString,
  /** The public origin (scheme://host[:port]); https turns on HSTS and upgrade-insecure-requests. */
  PUBLIC_URL: optionalString.pipe(httpUrl.optional()),
  /** Extra hosts allowed in CSP media-src (video / recording hosts), comma-separated origins. */
  MEDIA_HOSTS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^(https?:\/\/)?[a-z0-9.*-]+(:\d+)?$/i, 'expected host or origin'))),
  /** Generic per-IP request limit per minute (DESIGN.md §2). */
  RATE_LIMIT_PER_MINUTE: int(1, 1_000_000).default(600),
});

export type Config = Readonly<{
  PORT: number;
  HOST: string;
  DATA_DIR: string;
  DATABASE_URL: string | undefined;
  REDIS_URL: string | undefined;
  SEED_DEMO: boolean | undefined;
  ACCESS_TOKEN_TTL_SECONDS: number;
  REFRESH_TOKEN_TTL_SECONDS: number;
  SMS_DAILY_BUDGET: number;
  SMS_DRIVER: 'log' | 'aliyun';
  ALIYUN_SMS_ACCESS_KEY_ID: string | undefined;
  ALIYUN_SMS_ACCESS_KEY_SECRET: string | undefined;
  ALIYUN_SMS_SIGN_NAME: string | undefined;
  ALIYUN_SMS_TEMPLATE_CODE: string | undefined;
  ALIYUN_SMS_ENDPOINT: string | undefined;
  SMS_CODE_PEPPER: string | undefined;
  SCRYPT_COST: number;
  PAY_DRIVER: 'sandbox' | 'live';
  CLASSROOM_DRIVER: 'demo';
  BOOKING_MIN_NOTICE_MINUTES: number;
  ORDER_TTL_MINUTES: number;
  BRAND_TITLE_ZH: string;
  BRAND_TITLE_EN: string;
  LOG_LEVEL: (typeof LOG_LEVELS)[number];
  JWT_SECRET: string | undefined;
  TRUST_PROXY: boolean | number | string[];
  FILE_STORE: string;
  WEB_DIST: string;
  PUBLIC_URL: string;
  /** Derived from PUBLIC_URL. */
  HTTPS: boolean;
  MEDIA_HOSTS: string[];
  RATE_LIMIT_PER_MINUTE: number;
}>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads the configuration from the environment (DESIGN.md §9); every variable has a working default.
 * `overrides` replace single values after parsing (tests).
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<Config> = {},
): Config {
  const known = Object.fromEntries(
    Object.keys(envSchema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const parsed = envSchema.safeParse(known);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.SMS_DRIVER === 'aliyun') {
    const required = [
      'ALIYUN_SMS_ACCESS_KEY_ID',
      'ALIYUN_SMS_ACCESS_KEY_SECRET',
      'ALIYUN_SMS_SIGN_NAME',
      'ALIYUN_SMS_TEMPLATE_CODE',
    ] as const;
    const missing = required.filter((key) => !e[key]);
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((key) => `  ${key}: required when SMS_DRIVER=aliyun`).join('\n')}`,
      );
    }
  }
  const dataDir = path.resolve(process.cwd(), e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const config: Config = {
    ...e,
    DATABASE_URL: e.DATABASE_URL,
    REDIS_URL: e.REDIS_URL,
    SEED_DEMO: e.SEED_DEMO,
    JWT_SECRET: e.JWT_SECRET,
    SMS_CODE_PEPPER: e.SMS_CODE_PEPPER,
    ALIYUN_SMS_ACCESS_KEY_ID: e.ALIYUN_SMS_ACCESS_KEY_ID,
    ALIYUN_SMS_ACCESS_KEY_SECRET: e.ALIYUN_SMS_ACCESS_KEY_SECRET,
    ALIYUN_SMS_SIGN_NAME: e.ALIYUN_SMS_SIGN_NAME,
    ALIYUN_SMS_TEMPLATE_CODE: e.ALIYUN_SMS_TEMPLATE_CODE,
    ALIYUN_SMS_ENDPOINT: e.ALIYUN_SMS_ENDPOINT,
    DATA_DIR: dataDir,
    // A URL (s3://…) names a remote store; anything else is a directory.
    FILE_STORE: !e.FILE_STORE
      ? path.join(dataDir, 'files')
      : /^[a-z][a-z0-9+.-]*:\/\//i.test(e.FILE_STORE)
        ? e.FILE_STORE
        : path.resolve(process.cwd(), e.FILE_STORE),
    WEB_DIST: e.WEB_DIST
      ? path.resolve(process.cwd(), e.WEB_DIST)
      : path.resolve(SERVER_PACKAGE_DIR, '../web/dist'),
    PUBLIC_URL: publicUrl,
    HTTPS: publicUrl.startsWith('https:'),
    ...overrides,
  };
  return Object.freeze(config);
}
