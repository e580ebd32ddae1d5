import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CODES } from '@app/contract/codes';
import type { Config } from '../config.ts';
import { errorEnvelope, langOf } from './envelope.ts';
import { createWebDocuments } from './index-document.ts';
import { registerSeoFiles } from './seo-files.ts';
import { isApiPath, routePathOf } from './route-path.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Web app not built</title></head>
<body><h1>The web app is not built</h1>
<p>The API runs at <a href="/api/docs">/api/docs</a>. Build the web app (apps/web) to serve it here.</p>
</body></html>
`;

/**
 * Whether a request path names a route of the web app rather than a file of the build: every file
 * of the build has a dot in its name, and hashed assets live under /assets/.
 */
function isAppRoute(pathname: string): boolean {
  return !pathname.startsWith('/assets/') && !pathname.slice(pathname.lastIndexOf('/') + 1).includes('.');
}

/**
 * The single-page web app (DESIGN.md §2, §7): files of WEB_DIST; hashed files under /assets/ are
 * cached for a year (their names change with their content), everything else revalidates. Any
 * other GET outside /api is a route of the SPA (history fallback): index.html with 200, and the SPA
 * renders its own 404. Unknown /api paths and other methods get a 404 envelope.
 * Text files are sent as the Brotli or gzip copies the web build writes beside them (`x.js.br`,
 * `x.js.gz`) when the browser accepts that encoding, and as they are otherwise. index.html itself,
 * the first response of every visit, comes from memory (index-document.ts), and so do the landing
 * pages' own documents (their start-up screens in them), which the history fallback sends for
 * their paths.
 */
export async function registerWebApp(app: FastifyInstance, config: Config): Promise<void> {
  const root = config.WEB_DIST;
  // Before the static files and the fallback, which would answer them with index.html.
  registerSeoFiles(app, config);
  const documents = createWebDocuments(root, app.clock, (message) =>
    app.log.warn({ webDist: root }, message),
  );
  const built = documents !== null;
  if (!built) app.log.warn({ webDist: root }, 'web app not built: serving a placeholder page');

  if (built) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      index: ['index.html'],
      redirect: false,
      dotfiles: 'ignore',
      // A deep link of the web app goes straight to the history fallback, without asking the disk
      // for a file that cannot exist.
      allowedPath: (pathname) => !isAppRoute(pathname),
      preCompressed: true,
      // ETag + Last-Modified for revalidation; immutable assets never need it.
      cacheControl: false,
      etag: true,
      lastModified: true,
      // Since @fastify/static 10 this gets the FastifyReply, and what it sets wins over send's headers.
      setHeaders: (reply, filePath) => {
        const rel = path.relative(root, filePath).split(path.sep).join('/');
        reply.header('cache-control', rel.startsWith('assets/') ? IMMUTABLE : REVALIDATE);
        // The same URL has encoded and plain bodies: caches must key on the request's encodings.
        // (With preCompressed the plugin adds this too, without duplicating ours.)
        reply.header('vary', 'accept-encoding');
      },
    });
  }

  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    if (documents === null) {
      return reply
        .code(200)
        .header('cache-control', REVALIDATE)
        .type('text/html; charset=utf-8')
        .send(NOT_BUILT_PAGE);
    }
    return documents.send(request, reply);
  };
  // The home page, before the static files' wildcard (which would read index.html from disk).
  // Not an operation of the API: kept out of its OpenAPI document.
  if (built) app.get('/', { schema: { hide: true } }, sendIndex);

  app.setNotFoundHandler({ preHandler: app.rateLimit() }, (request: FastifyRequest, reply: FastifyReply) => {
    // Decoded, so `/%61pi/…` gets the API's 404 envelope like `/api/…` (never the web app's page).
    const url = routePathOf(request);
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (isRead && !isApiPath(url) && !url.startsWith('/assets/')) return sendIndex(request, reply);
    if (isApiPath(url) || !isRead) {
      return reply
        .code(404)
        .type('application/json; charset=utf-8')
        .send(errorEnvelope(CODES.NOT_FOUND, langOf(request), 'error.routeNotFound'));
    }
    // A missing hashed asset: a plain 404, never index.html (a browser would run HTML as a script).
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });
}
