import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { commaList, flag, int, optionalString } from './env-fields.ts';
import { classroomEnvSchema, missingClassroomSettings } from './providers/classroom/classroom.config.ts';
import {
  missingPaymentSettings,
  paymentEnvSchema,
  sandboxRefusal,
} from './providers/payment/payment.config.ts';
import { missingSmsSettings, smsEnvSchema } from './providers/sms/sms.config.ts';
import {
  missingStorageSettings,
  resolveFileStore,
  storageEnvSchema,
} from './providers/storage/storage.config.ts';

/** The directory of the server package (apps/server), whatever the working directory is. */
export const SERVER_PACKAGE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Spellings of "trust everyone", refused for TRUST_PROXY. */
const TRUST_ALL = new Set(['true', 'on', 'yes', 'y', 't', 'enable', 'enabled', 'all', '*']);

const TRUST_PROXY_FORMS =
  'set the number of proxies in front of the server (a hop count, e.g. 1) or a comma-separated list of their IPs/CIDRs (e.g. 10.0.0.0/8,192.168.1.1)';

/** An IPv4/IPv6 address, optionally with a prefix length that fits it. */
function isAddressOrCidr(text: string): boolean {
  const [address = '', prefix, extra] = text.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY (DESIGN.md §2, §9): off by default; behind load balancers a hop count, or a
 * comma-separated list of addresses/CIDRs of the proxies whose X-Forwarded-For is believed. `true`
 * is refused (issue 11): it takes the left-most X-Forwarded-For entry, which the client writes, as
 * the client IP, so anyone could pick a fresh IP per request and escape every per-IP limit.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((raw, ctx): false | number | string[] => {
    const v = raw.toLowerCase();
    if (v === '' || v === '0' || v === 'false' || v === 'off' || v === 'no') return false;
    if (TRUST_ALL.has(v)) {
      ctx.addIssue({
        code: 'custom',
        message: `"${raw}" is refused: it would take the client IP from the left-most X-Forwarded-For entry, which the client writes itself, defeating every per-IP limit; ${TRUST_PROXY_FORMS}`,
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(v)) return Number(v);
    const list = raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (list.length > 0 && list.every(isAddressOrCidr)) return list;
    ctx.addIssue({
      code: 'custom',
      message: `expected off, a hop count or a list of IPs/CIDRs: ${TRUST_PROXY_FORMS}`,
    });
    return z.NEVER;
  });

const httpUrl = z.url({ protocol: /^https?$/ });

/**
 * A link of /app/config: a path of this web app (`/help/faq#contact`) or an absolute http(s) URL.
 * Paths open in the app; URLs open in a new tab.
 */
const appLink = z
  .string()
  .trim()
  .refine(
    (v) => /^\/(?![/\\])\S*$/.test(v) || httpUrl.safeParse(v).success,
    'expected a path of the web app (/help/faq) or an http(s) URL',
  );
/** Free text shown in the shell (assistant name, filing numbers); empty is allowed where it hides. */
const shellText = (max: number) => z.string().trim().max(max);

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
  /** SMS_DRIVER and the settings of each SMS provider (providers/sms/sms.config.ts). */
  ...smsEnvSchema.shape,
  /** Key of the HMAC that stores SMS codes; generated once into the database when unset. */
  SMS_CODE_PEPPER: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  /** scrypt cost N of stored passwords (DESIGN.md §7): a power of two; tests lower it. */
  SCRYPT_COST: int(2 ** 10, 2 ** 20)
    .refine((n) => (n & (n - 1)) === 0, 'must be a power of two')
    .default(2 ** 17),
  /** PAY_DRIVER and the settings of each payment provider (providers/payment/payment.config.ts). */
  ...paymentEnvSchema.shape,
  /** CLASSROOM_DRIVER and the settings of each classroom provider (providers/classroom/classroom.config.ts). */
  ...classroomEnvSchema.shape,
  BOOKING_MIN_NOTICE_MINUTES: int(0, 10_080).default(60),
  ORDER_TTL_MINUTES: int(1, 1440).default(15),
  BRAND_TITLE_ZH: z.string().trim().min(1).max(60).default('灵犀外教'),
  BRAND_TITLE_EN: z.string().trim().min(1).max(60).default('LinguaSpark'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  /**
   * Operators' token for GET /health?details=1 (header x-ops-token): the health details (the last
   * hourly ledger audit). Unset: the details are refused (403); GET /health itself stays public.
   */
  OPS_TOKEN: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  TRUST_PROXY: trustProxy.default(false),
  /** FILE_STORE: where courseware and avatars are kept (providers/storage/storage.config.ts). */
  ...storageEnvSchema.shape,
  WEB_DIST: optionalString,
  /** The public origin (scheme://host[:port]); https turns on HSTS and upgrade-insecure-requests. */
  PUBLIC_URL: optionalString.pipe(httpUrl.optional()),
  /** Extra hosts allowed in CSP media-src (video / recording hosts), comma-separated origins. */
  MEDIA_HOSTS: commaList(/^(https?:\/\/)?[a-z0-9.*-]+(:\d+)?$/i, 'expected host or origin'),
  /** Generic per-IP request limit per minute (DESIGN.md §2). */
  RATE_LIMIT_PER_MINUTE: int(1, 1_000_000_000).default(600),
  /**
   * Links and contacts of GET /app/config (the header's contact menu and app link, the footer). By
   * default the links lead to the app's own help pages, never to a site that may not exist.
   */
  CUSTOMER_SERVICE_URL: appLink.default('/help/faq#contact'),
  FAQ_URL: appLink.default('/help/faq'),
  MANUAL_URL: appLink.default('/help/manual'),
  APP_DOWNLOAD_URL: appLink.default('/help/app'),
  ASSISTANT_NAME: shellText(60).min(1).default('Lily 老师'),
  ASSISTANT_PHONE: z
    .string()
    .trim()
    .regex(/^\+?[\d][\d -]{2,30}$/, 'expected a phone number (digits, spaces, dashes, optional +)')
    .default('400-820-1234'),
  /** The assistant's WeChat ID (6 to 20 letters, digits, - or _, starting with a letter). */
  ASSISTANT_WECHAT: z
    .string()
    .trim()
    .regex(/^[A-Za-z][-_A-Za-z0-9]{5,19}$/, 'expected a WeChat ID (6 to 20 letters, digits, - or _)')
    .default('linguaspark-ta'),
  /** What the assistant's QR code encodes (e.g. a WeChat contact link). */
  ASSISTANT_QR_URL: httpUrl.default('https://u.wechat.com/linguaspark-assistant'),
  BUSINESS_MAIL: z.email().default('business@linguaspark.example'),
  JOIN_US_MAIL: z.email().default('join@linguaspark.example'),
  /** Filing notices (ICP 备案号, 公安备案号): shown in the footer only when set. */
  ICP_FILING: shellText(100).default(''),
  PSB_FILING: shellText(100).default(''),
});

/** Every environment variable the server reads (the README's configuration table lists each). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

/**
 * The environment as parsed, plus the values derived from it (absolute paths, the public origin).
 * `Config` is its output type: adding a variable to the schema adds it to the type.
 */
const configSchema = envSchema.transform((e) => {
  const dataDir = path.resolve(process.cwd(), e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    ...e,
    DATA_DIR: dataDir,
    FILE_STORE: resolveFileStore(e.FILE_STORE, dataDir),
    WEB_DIST: e.WEB_DIST
      ? path.resolve(process.cwd(), e.WEB_DIST)
      : path.resolve(SERVER_PACKAGE_DIR, '../web/dist'),
    PUBLIC_URL: publicUrl,
    /** PUBLIC_URL was set (else it is the local default and absolute links use the request's host). */
    PUBLIC_URL_CONFIGURED: e.PUBLIC_URL !== undefined,
    /** https turns on HSTS and upgrade-insecure-requests. */
    HTTPS: publicUrl.startsWith('https:'),
  };
});

export type Config = Readonly<z.output<typeof configSchema>>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** One line per problem, each naming its variable; a single problem is a single line. */
function configError(problems: readonly { key: string; message: string }[]): ConfigError {
  const lines = problems.map(({ key, message }) => `${key}: ${message}`);
  return new ConfigError(
    lines.length === 1
      ? `Invalid configuration: ${lines[0]}`
      : `Invalid configuration:\n${lines.map((l) => `  ${l}`).join('\n')}`,
  );
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
  const parsed = configSchema.safeParse(known);
  if (!parsed.success) {
    throw configError(
      parsed.error.issues.map((i) => ({ key: i.path.join('.') || '(env)', message: i.message })),
    );
  }
  const refusal = sandboxRefusal(parsed.data);
  const missing = [
    ...(refusal ? [refusal] : []),
    ...missingSmsSettings(parsed.data),
    ...missingPaymentSettings(parsed.data),
    ...missingClassroomSettings(parsed.data),
    ...missingStorageSettings(parsed.data),
  ];
  if (missing.length > 0) throw configError(missing);
  const config: Config = { ...parsed.data, ...overrides };
  return Object.freeze(config);
}

/**
 * Start-up warnings for secrets left to the database (issue 11). Without JWT_SECRET or
 * SMS_CODE_PEPPER the server generates them into app_setting, which is fine for one laptop's SQLite
 * file but means that, on a PostgreSQL server, whoever gets a dump or a backup of the database gets
 * the secrets with it.
 */
export function secretsInDatabaseWarnings(
  config: Pick<Config, 'DATABASE_URL' | 'JWT_SECRET' | 'SMS_CODE_PEPPER'>,
): string[] {
  if (!config.DATABASE_URL) return [];
  const warnings: string[] = [];
  if (!config.JWT_SECRET) {
    warnings.push(
      'JWT_SECRET is not set: the generated secret is stored in the database (app_setting), so anyone with a dump or backup of the database can sign access tokens and act as any student. Set JWT_SECRET (32+ characters) from a secret store.',
    );
  }
  if (!config.SMS_CODE_PEPPER) {
    warnings.push(
      'SMS_CODE_PEPPER is not set: the generated pepper is stored in the database (app_setting) next to the hashes of the SMS codes, so anyone with a dump of the database can test the 10^6 possible codes against each stored hash, recover a live code and log in as that student. Set SMS_CODE_PEPPER (32+ characters) from a secret store.',
    );
  }
  return warnings;
}
