import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';

/** The pattern and config of the route the router matched for a request (undefined url: none did). */
export type MatchedRoute = { url: string | undefined; config: FastifyContextConfig | undefined };

declare module 'fastify' {
  interface FastifyRequest {
    /** Filled by `matchedRoute` on first use. */
    matchedRoute: MatchedRoute | null;
  }
}

/** Declares the slot `matchedRoute` fills, on every request (app.ts, before any route or hook). */
export function registerMatchedRoute(app: FastifyInstance): void {
  app.decorateRequest('matchedRoute', null);
}

/**
 * The route a request matched, read once per request. Fastify's `request.routeOptions` is a getter
 * that builds a new object of twelve fields on every read, and the hooks of one cached reply (the
 * request limiter, security headers, HTTP caching, the public cache) read it eight times. The route
 * does not change during a request: a request no route matched, or one the web app's wildcard hands
 * to the not-found handler, is judged by its path either way (`routePathOf`).
 */
export function matchedRoute(request: FastifyRequest): MatchedRoute {
  let matched = request.matchedRoute;
  if (matched == null) {
    const options = request.routeOptions;
    matched = { url: options.url, config: options.config };
    request.matchedRoute = matched;
  }
  return matched;
}

/** Whether a request path or a route pattern belongs to the API (/api, /api/…, /api?…). */
export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** A request path as the router reads it: without the query, percent-decoded, repeated slashes collapsed. */
function decodedPathOf(url: string): string {
  const raw = url.split('?')[0] ?? '';
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // Malformed percent-encoding: judge the raw path (the router refuses it anyway).
  }
  return decoded.replace(/\/{2,}/g, '/');
}

/**
 * The path a request is judged by (issue 11): the pattern of the route the router matched
 * (`/api/v1/dict/:name`), or, when it matched none or only a wildcard (404s, the web app's files),
 * the decoded request path. Never the raw URL: the router decodes `/%61pi/v1/user/login` and runs
 * the login route, so whatever decides by path (the request limiter, `no-store`, a 404 envelope
 * rather than the web app) must see `/api/v1/user/login` as well. Known in onRequest already.
 */
export function routePathOf(request: FastifyRequest): string {
  const pattern = matchedRoute(request).url;
  if (pattern !== undefined && !pattern.includes('*')) return pattern;
  return decodedPathOf(request.url);
}

/** Whether a request is an API call, under any spelling of its path. */
export function isApiRequest(request: FastifyRequest): boolean {
  return isApiPath(routePathOf(request));
}
