import type { FastifyRequest } from 'fastify';

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
export function routePathOf(request: Pick<FastifyRequest, 'url' | 'routeOptions'>): string {
  const pattern = request.routeOptions.url;
  if (pattern !== undefined && !pattern.includes('*')) return pattern;
  return decodedPathOf(request.url);
}

/** Whether a request is an API call, under any spelling of its path. */
export function isApiRequest(request: Pick<FastifyRequest, 'url' | 'routeOptions'>): boolean {
  return isApiPath(routePathOf(request));
}
