import { API_BASE } from '@app/contract/constants';
import { CODES } from '@app/contract/codes';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';
import { matchedRoute, routePathOf } from './route-path.ts';

/**
 * Who may call a route (DESIGN.md §11), declared in its route options:
 * - `required`: a valid session; 401 without one, 66666 (HTTP 401) when the access token expired;
 * - `optional`: the reply changes with a login (`liked` on teacher cards): a valid token is read, a
 *   missing, invalid or revoked one reads as a visitor (a public page never answers 401), an expired
 *   one is 66666 so the web app refreshes it and retries;
 * - `none`: public; the Authorization header is not read.
 * `allowRevoked` (with `required`): a valid token of an ended session is accepted (logout succeeds
 * when the session has ended already).
 */
export type SessionPolicy = 'required' | 'optional' | 'none';

/** The student of a request whose session the guard accepted. */
export type SessionStudent = { studentId: number; familyId: string };

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in student (set by the session guard for `required` and `optional` routes); else null. */
    student: SessionStudent | null;
  }
  interface FastifyContextConfig {
    session?: SessionPolicy;
    allowRevoked?: boolean;
  }
}

/** Under /api/v1/user/ a path nobody registered asks for a session (see `sessionPolicyOf`). */
export const USER_AREA_PREFIX = `${API_BASE}/user/`;

/**
 * The policy the guard applies to a request: its route's declaration when the router matched a
 * route that has one. Routes registered through the route table (src/routes.ts) always have one
 * (`required` unless they declare otherwise). Otherwise (404s, the web app's wildcard, a route added
 * outside the table) the path decides: an unknown /api/v1/user/xyz needs a session, so a visitor
 * gets 401 and a student 404, and a visitor learns nothing about which /user paths exist.
 */
export function sessionPolicyOf(request: FastifyRequest): SessionPolicy {
  const { url: pattern, config } = matchedRoute(request);
  const declared = config?.session;
  if (declared !== undefined && pattern !== undefined && !pattern.includes('*')) return declared;
  return routePathOf(request)
    .replace(/(.)\/$/, '$1')
    .startsWith(USER_AREA_PREFIX)
    ? 'required'
    : 'none';
}

/** The authenticated student's id in a `required` route's handler (the guard has run); 401 otherwise. */
export function studentIdOf(request: FastifyRequest): number {
  return requireStudent(request).studentId;
}

/** The logged-in student's id in an `optional` route's handler, or null for a visitor. */
export function optionalStudentIdOf(request: FastifyRequest): number | null {
  return request.student?.studentId ?? null;
}

export function requireStudent(request: FastifyRequest): SessionStudent {
  if (!request.student) throw new AppError(CODES.UNAUTHORIZED, 'error.unauthorized');
  return request.student;
}
