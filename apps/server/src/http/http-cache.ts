import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isApiPath, matchedRoute, routePathOf } from './route-path.ts';
import type { SessionPolicy } from './session-policy.ts';

/**
 * HTTP caching of API replies (DESIGN.md §5, §7):
 * - every /api reply (and /health) is `Cache-Control: no-store` unless its route opts in;
 * - a public read-only route declares `config: { httpCache: 'revalidate' }` (see `publicRead`):
 *   its 200 replies get a strong ETag over the exact bytes sent, `Cache-Control: no-cache` and
 *   `Vary: api-language` (labels and msg depend on it), and a matching If-None-Match gets a 304;
 * - a public route whose reply carries per-student data when the caller is logged in (`liked`, with
 *   `session: 'optional'`) declares `httpCache: 'revalidateForVisitors'`: the same for a visitor
 *   (varying on Authorization too), `no-store` for a logged-in student.
 */
export type HttpCachePolicy = 'revalidate' | 'revalidateForVisitors';

declare module 'fastify' {
  interface FastifyContextConfig {
    httpCache?: HttpCachePolicy;
  }
}

/** Route config of a public read-only route: `{ config: publicRead, schema, handler }`. */
export const publicRead = { session: 'none', httpCache: 'revalidate' } as const satisfies RouteCacheConfig;

/** Route config of a public read whose reply changes with a login (teacher cards carry `liked`). */
export const personalisedRead = {
  session: 'optional',
  httpCache: 'revalidateForVisitors',
} as const satisfies RouteCacheConfig;

type RouteCacheConfig = { session: SessionPolicy; httpCache: HttpCachePolicy };

export function strongEtag(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/** RFC 9110 §13.1.2: If-None-Match is `*` or a list of (possibly weak) entity tags. */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** The matched route decides, not the raw URL: `/%61pi/v1/user/getUserInfo` is private too. */
function isApiLike(request: FastifyRequest): boolean {
  const path = routePathOf(request);
  return isApiPath(path) || path === '/health';
}

export function registerHttpCache(app: FastifyInstance): void {
  // Callback hooks: they run on every request, and a promise each is measurable under load.
  app.addHook('onRequest', (request, reply, done) => {
    if (isApiLike(request)) reply.header('cache-control', 'no-store');
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const policy = matchedRoute(request).config?.httpCache;
    if (policy === undefined || reply.statusCode !== 200) return done(null, payload);
    // Replies of the public cache (public-cache.ts) carry the ETag of their entry.
    if (request.publicCacheState != null) return done(null, payload);
    if (policy === 'revalidateForVisitors' && request.student !== null) return done(null, payload);
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    const etag = strongEtag(payload);
    reply
      .header('etag', etag)
      .header('cache-control', 'no-cache')
      .header('vary', policy === 'revalidate' ? 'api-language' : 'api-language, authorization');
    if (ifNoneMatchHits(request.headers['if-none-match'], etag)) {
      reply.code(304).removeHeader('content-type').removeHeader('content-length');
      return done(null, '');
    }
    done(null, payload);
  });
}
