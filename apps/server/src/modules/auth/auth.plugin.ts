import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { SETTING_KEYS } from '../../db/app-setting.repository.ts';
import { createSmsProvider, type SmsProvider } from '../../providers/sms/sms-provider.ts';
import { authRepository } from './auth.repository.ts';
import { createAuthService, type AuthService } from './auth.service.ts';
import { SMS_CODE_PEPPER_SETTING, resolveSecret } from './auth.secrets.ts';
import { createPasswordHasher, type PasswordHasher } from './password-hasher.ts';
import { registerSessionGuard } from './session-guard.ts';
import { createSessionService, type SessionService } from './session.service.ts';
import { createSmsCodeService, type SmsCodeService } from './sms-code.service.ts';
import { createTokenSigner } from './token-signer.ts';

export type AuthModule = {
  accounts: AuthService;
  sessions: SessionService;
  sms: SmsCodeService;
  hasher: PasswordHasher;
  smsProvider: SmsProvider;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Accounts and sessions (modules/auth); route modules use `studentIdOf(request)` instead. */
    auth: AuthModule;
  }
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** SMS_DRIVER and the ALIYUN_SMS_* variables (loadConfig already refused an incomplete aliyun set). */
export function smsProviderOf(
  config: Config,
  logger: { info(obj: object, msg?: string): void },
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
      },
    });
  }
  return createSmsProvider({ driver: 'log', dataDir: config.DATA_DIR, logger });
}

/**
 * Wires accounts and sessions into the app (before any route): secrets (JWT_SECRET and
 * SMS_CODE_PEPPER, or generated once into app_setting), the SMS provider, the services as
 * `app.auth`, the global session guard of /api/v1/user/*, and an hourly purge of rows no limit
 * reads any more (idempotent deletes, safe on every instance).
 */
export async function registerAuth(app: FastifyInstance): Promise<void> {
  const { config, db, dbDialect: dialect, clock } = app;
  const jwtSecret = await resolveSecret(db, config.JWT_SECRET, SETTING_KEYS.jwtSecret, clock.now());
  const pepper = await resolveSecret(db, config.SMS_CODE_PEPPER, SMS_CODE_PEPPER_SETTING, clock.now());

  const signer = createTokenSigner({
    secret: new TextEncoder().encode(jwtSecret),
    accessTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
    now: () => clock.now(),
  });
  const hasher = createPasswordHasher({ cost: config.SCRYPT_COST });
  const smsProvider = smsProviderOf(config, app.log);
  const sessions = createSessionService({
    db,
    clock,
    signer,
    refreshTtlSeconds: config.REFRESH_TOKEN_TTL_SECONDS,
  });
  const sms = createSmsCodeService({
    db,
    dialect,
    clock,
    provider: smsProvider,
    pepper,
    dailyBudget: config.SMS_DAILY_BUDGET,
    log: app.log,
  });
  const accounts = createAuthService({ db, dialect, clock, hasher, sessions, sms });
  app.decorate('auth', { accounts, sessions, sms, hasher, smsProvider });

  registerSessionGuard(app, sessions);

  const purge = async () => {
    const now = clock.now();
    try {
      await authRepository.purgeExpired(db, {
        sendsBefore: now - 2 * DAY,
        codesBefore: now - DAY,
        attemptsBefore: now - DAY,
        familiesBefore: now - DAY,
      });
    } catch (err) {
      app.log.warn({ err }, 'purging old auth rows failed');
    }
  };
  const timer = setInterval(() => void purge(), HOUR);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
