import { CODES } from '@app/contract/codes';
import type { FastifyInstance } from 'fastify';
import { isAppError } from '../../http/app-error.ts';
import { matchedRoute } from '../../http/route-path.ts';
import { USER_AREA_PREFIX, sessionPolicyOf } from '../../http/session-policy.ts';
import type { SessionService } from './session.service.ts';

/**
 * The only /user/* calls a visitor may make. A /user/* route that declares another policy than
 * `required` must be listed here, and a listed one must declare one: the start-up check in
 * `registerSessionGuard` refuses a mismatch, so opening a /user call to visitors takes two edits.
 */
export const PUBLIC_USER_ROUTES: ReadonlySet<string> = new Set([
  `${USER_AREA_PREFIX}SendLoginSmsCode`,
  `${USER_AREA_PREFIX}login`,
  `${USER_AREA_PREFIX}reg`,
]);

/**
 * The one session guard (DESIGN.md §11): a hook on the root instance that applies each route's
 * session policy (http/session-policy.ts) whatever its path prefix. It runs at preParsing: after the
 * request limiter (onRequest) and before the body is parsed or validated, so a visitor gets 401
 * rather than a validation error.
 */
export function registerSessionGuard(app: FastifyInstance, sessions: SessionService): void {
  app.decorateRequest('student', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(USER_AREA_PREFIX)) return;
    const policy = route.config?.session ?? 'required';
    if ((policy !== 'required') !== PUBLIC_USER_ROUTES.has(route.url)) {
      throw new Error(`${route.url}: a /user route is public exactly when PUBLIC_USER_ROUTES lists it`);
    }
  });

  app.addHook('preParsing', async (request, _reply, payload) => {
    const policy = sessionPolicyOf(request);
    if (policy === 'required') {
      const allowRevoked = matchedRoute(request).config?.allowRevoked === true;
      request.student = await sessions.authenticate(request.headers.authorization, { allowRevoked });
    } else if (policy === 'optional' && request.headers.authorization) {
      try {
        request.student = await sessions.authenticate(request.headers.authorization);
      } catch (err) {
        if (isAppError(err) && err.code === CODES.TOKEN_EXPIRED) throw err;
      }
    }
    return payload;
  });
}
