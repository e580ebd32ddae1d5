import { API_BASE } from '@app/contract/constants';
import { CODES } from '@app/contract/codes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import type { AuthenticatedStudent, SessionService } from './session.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in student of a /user/* call (set by the session guard); null elsewhere. */
    student: AuthenticatedStudent | null;
  }
  interface FastifyContextConfig {
    /** 'allowRevoked': the guard accepts a valid token of an ended session (logout). */
    session?: 'allowRevoked';
  }
}

/** Everything under /api/v1/user/ needs a session, whichever module registers it (DESIGN.md §8). */
export const USER_AREA_PREFIX = `${API_BASE}/user/`;

/** The only /user/* calls a visitor may make. */
export const PUBLIC_USER_ROUTES: ReadonlySet<string> = new Set([
  `${USER_AREA_PREFIX}SendLoginSmsCode`,
  `${USER_AREA_PREFIX}login`,
  `${USER_AREA_PREFIX}reg`,
]);

/** The request path as the router sees it: without the query, percent-decoded, slashes collapsed. */
function pathOf(url: string): string {
  const raw = url.split('?')[0] ?? '';
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // Malformed percent-encoding: judge the raw path (the router refuses it anyway).
  }
  return decoded.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1');
}

/**
 * Whether a request needs a session. The matched route pattern decides when there is one under
 * /api (so an encoded or trailing-slash spelling of a public route stays public and an encoded
 * spelling of a private one stays private); otherwise (404s, the web app's wildcard) the path does,
 * so an unknown /user/xyz answers 401 to a visitor and 404 to a student.
 */
export function needsSession(request: Pick<FastifyRequest, 'url' | 'routeOptions'>): boolean {
  const pattern = request.routeOptions.url;
  if (pattern !== undefined && pattern.startsWith('/api/') && !pattern.includes('*')) {
    return pattern.startsWith(USER_AREA_PREFIX) && !PUBLIC_USER_ROUTES.has(pattern);
  }
  const path = pathOf(request.url);
  return path.startsWith(USER_AREA_PREFIX) && !PUBLIC_USER_ROUTES.has(path);
}

/**
 * The global guard: one hook on the root instance, so routes that later modules add under /user are
 * covered without opting in. It runs at preParsing: after the request limiter (onRequest) and
 * before the body is parsed or validated, so a visitor gets 401 rather than a validation error.
 */
export function registerSessionGuard(app: FastifyInstance, sessions: SessionService): void {
  app.decorateRequest('student', null);
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (needsSession(request)) {
      const allowRevoked = request.routeOptions.config?.session === 'allowRevoked';
      request.student = await sessions.authenticate(request.headers.authorization, { allowRevoked });
    }
    return payload;
  });
}

/** The authenticated student's id in a /user/* handler (the guard has run); 401 otherwise. */
export function studentIdOf(request: FastifyRequest): number {
  return requireStudent(request).studentId;
}

export function requireStudent(request: FastifyRequest): AuthenticatedStudent {
  if (!request.student) throw new AppError(CODES.UNAUTHORIZED, 'error.unauthorized');
  return request.student;
}
