import { registerApiRoutes } from '../../http/api-routes.ts';
import type { App } from '../../http/fastify-types.ts';
import type { Services } from '../../services.ts';
import { authRoutes } from './auth.routes.ts';
import { registerSessionGuard } from './session-guard.ts';

/** Accounts, sessions, SMS codes, the password hasher and the SMS provider SMS_DRIVER names. */
export type AuthModule = Services['auth'];

declare module 'fastify' {
  interface FastifyInstance {
    /** Accounts and sessions (modules/auth); route handlers read the student with `studentIdOf(request)`. */
    auth: AuthModule;
  }
}

/**
 * Accounts and sessions (built in src/services.ts, with their secrets: JWT_SECRET and
 * SMS_CODE_PEPPER, or generated once into app_setting) as `app.auth`, the one session guard of
 * every route (session-guard.ts), and the auth routes. First in the route table after students:
 * the guard must be in place before any route is registered.
 */
export async function authPlugin(app: App): Promise<void> {
  const auth = app.services.auth;
  app.decorate('auth', auth);
  registerSessionGuard(app, auth.sessions);
  await registerApiRoutes(app, authRoutes, {
    accounts: auth.accounts,
    sessions: auth.sessions,
    sms: auth.sms,
  });
}
