import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * HTTP caching of API replies (DESIGN.md §5, §7):
 * - every /api reply (and /health) is `Cache-Control: no-store` unless its route opts in;
 * - a public read-only route declares `config: { httpCache: 'revalidate' }` (see `revalidate`):
 *   its 200 replies get a strong ETag over the exact bytes sent, `Cache-Control: no-cache` and
 *   `Vary: api-language` (labels and msg depend on it), and a matching If-None-Match gets a 304.
 */
export type HttpCachePolicy = 'revalidate';

declare module 'fastify' {
  interface FastifyContextConfig {
    httpCache?: HttpCachePolicy;
  }
}

/** Route config of a public read-only route: `{ config: revalidate, schema, handler }`. */
export const revalidate = { httpCache: 'revalidate' } as const satisfies { httpCache: HttpCachePolicy };

export function strongEtag(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/** RFC 9110 §13.1.2: If-None-Match is `*` or a list of (possibly weak) entity tags. */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

function isApiLike(request: FastifyRequest): boolean {
  const url = request.url;
  return url.startsWith('/api/') || url === '/api' || url === '/health' || url.startsWith('/health?');
}

export function registerHttpCache(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (isApiLike(request)) reply.header('cache-control', 'no-store');
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.config?.httpCache !== 'revalidate' || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const etag = strongEtag(payload);
    reply.header('etag', etag).header('cache-control', 'no-cache').header('vary', 'api-language');
    if (ifNoneMatchHits(request.headers['if-none-match'], etag)) {
      reply.code(304).removeHeader('content-type').removeHeader('content-length');
      return '';
    }
    return payload;
  });
}
