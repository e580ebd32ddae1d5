import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/**
 * Public routes of the web app that search engines may index (SPEC.md §2 and the help pages). The
 * student's own pages (/user, /course) need a login and the API is not for crawlers.
 */
export const PUBLIC_PAGES = [
  '/',
  '/ielts',
  '/ielts/SpeakingSamples',
  '/ielts/issue',
  '/login',
  '/help/faq',
  '/help/manual',
  '/help/app',
] as const;
export const CRAWL_DISALLOWED = ['/user', '/course', '/api'] as const;

/** host[:port] as a browser sends it: a name or IPv4 address, or a bracketed IPv6 address. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,62}\.?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The origin absolute URLs start with: PUBLIC_URL when configured; otherwise the request's own
 * scheme and host (X-Forwarded-* only under TRUST_PROXY), and the local default when the Host
 * header is not a plain host name.
 */
export function publicOrigin(
  request: Pick<FastifyRequest, 'protocol' | 'host'>,
  config: Pick<Config, 'PUBLIC_URL' | 'PUBLIC_URL_CONFIGURED'>,
): string {
  if (config.PUBLIC_URL_CONFIGURED) return config.PUBLIC_URL;
  const host = request.host;
  return host && host.length <= 255 && HOST.test(host) ? `${request.protocol}://${host}` : config.PUBLIC_URL;
}

export function robotsTxt(origin: string): string {
  return [
    '# The public pages may be crawled; a student’s own pages and the API may not.',
    'User-agent: *',
    'Allow: /',
    ...CRAWL_DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

export function sitemapXml(origin: string): string {
  const urls = PUBLIC_PAGES.map((path) => `  <url><loc>${escapeXml(origin + path)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * GET /robots.txt and /sitemap.xml: without them the history fallback would answer both with the
 * app's HTML. Revalidated like index.html, since their origin may follow the request's host.
 */
export function registerSeoFiles(app: FastifyInstance, config: Config): void {
  const routeOptions = { schema: { hide: true } };
  app.get('/robots.txt', routeOptions, async (request, reply) =>
    reply
      .header('cache-control', 'no-cache')
      .type('text/plain; charset=utf-8')
      .send(robotsTxt(publicOrigin(request, config))),
  );
  app.get('/sitemap.xml', routeOptions, async (request, reply) =>
    reply
      .header('cache-control', 'no-cache')
      .type('application/xml; charset=utf-8')
      .send(sitemapXml(publicOrigin(request, config))),
  );
}
