import { SETTING_KEYS } from '../../db/app-setting.repository.ts';
import { registerApiRoutes } from '../../http/api-routes.ts';
import type { App } from '../../http/fastify-types.ts';
import { createSmsProviderFromConfig } from '../../providers/sms/sms.config.ts';
import type { SmsProvider } from '../../providers/sms/sms-provider.ts';
import { authRepository } from './auth.repository.ts';
import { authRoutes } from './auth.routes.ts';
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
  /** Deletes rows no limit reads any more (the `auth.purge` job); idempotent. */
  purgeExpired(): Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Accounts and sessions (modules/auth); route handlers read the student with `studentIdOf(request)`. */
    auth: AuthModule;
  }
}

const DAY = 86_400_000;

/**
 * Accounts and sessions: secrets (JWT_SECRET and SMS_CODE_PEPPER, or generated once into
 * app_setting), the SMS provider its driver names, the services as `app.auth`, the one session
 * guard of every route (session-guard.ts), and the auth routes. First in the route table after
 * students: the guard must be in place before any route is registered.
 */
export async function authPlugin(app: App): Promise<void> {
  const { config, db, dbDialect: dialect, clock, students } = app;
  const jwtSecret = await resolveSecret(db, config.JWT_SECRET, SETTING_KEYS.jwtSecret, clock.now());
  const pepper = await resolveSecret(db, config.SMS_CODE_PEPPER, SMS_CODE_PEPPER_SETTING, clock.now());

  const signer = createTokenSigner({
    secret: new TextEncoder().encode(jwtSecret),
    accessTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
    now: () => clock.now(),
  });
  const hasher = createPasswordHasher({ cost: config.SCRYPT_COST });
  const smsProvider = createSmsProviderFromConfig(config, app.log);
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
  const accounts = createAuthService({
    db,
    dialect,
    clock,
    hasher,
    students,
    quotas: app.studentQuotas,
    sessions,
    sms,
  });
  const purgeExpired = async () => {
    const now = clock.now();
    await authRepository.purgeExpired(db, {
      sendsBefore: now - 2 * DAY,
      codesBefore: now - DAY,
      attemptsBefore: now - DAY,
      familiesBefore: now - DAY,
    });
  };
  app.decorate('auth', { accounts, sessions, sms, hasher, smsProvider, purgeExpired });

  registerSessionGuard(app, sessions);
  await registerApiRoutes(app, authRoutes, { accounts, sessions, sms });
}
