import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { storePublicOrigin, type StorageSettings } from '../providers/storage/storage.config.ts';
import { isApiPath, isApiRequest, matchedRoute } from './route-path.ts';

type Directives = Record<string, string[] | null>;

/** What the policies read: media hosts, https, and the file store (whose presigned downloads it allows). */
type CspConfig = Pick<Config, 'MEDIA_HOSTS' | 'HTTPS'> & Partial<StorageSettings>;

/** The object store's origin when the browser fetches from it (presigned URLs); none otherwise. */
function storeOrigins(config: CspConfig): string[] {
  const origin = config.FILE_STORE
    ? storePublicOrigin({ ...config, FILE_STORE: config.FILE_STORE })
    : undefined;
  return origin ? [origin] : [];
}

/**
 * CSP sources (`'sha256-…'`) of the inline scripts of the built index.html (its pre-paint language
 * and theme script), read from the file the server sends, so the policy always matches it.
 */
export function inlineScriptHashes(webDist: string): string[] {
  let html: string;
  try {
    html = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  } catch {
    return [];
  }
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(match[1] ?? '')) continue;
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(match[2] ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return hashes;
}

/**
 * CSP of the web app (DESIGN.md §7): only our own scripts (and index.html's inline ones, by hash);
 * inline styles because antd's CSS-in-JS injects <style> tags; media from the configured
 * video/recording hosts; images, media and fetches from the object store when downloads are presigned
 * URLs of it (FILE_STORE=s3://…, S3_PRESIGN); nothing may frame us.
 */
export function appCspDirectives(config: CspConfig, scriptHashes: readonly string[] = []): Directives {
  const store = storeOrigins(config);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...store],
    'media-src': ["'self'", 'blob:', 'data:', ...config.MEDIA_HOSTS, ...store],
    'connect-src': ["'self'", ...store],
    'font-src': ["'self'", 'data:'],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'upgrade-insecure-requests': config.HTTPS ? [] : null,
  };
}

/**
 * CSP of the API's JSON replies (and /health): no document, so nothing may load from one (OWASP's
 * policy for REST replies), with DESIGN.md §7's directives kept: object-src, base-uri and
 * frame-ancestors 'none', media from the configured hosts. A quarter of the app's policy in bytes,
 * which every reply carries.
 */
export function apiCspDirectives(config: CspConfig): Directives {
  const app = appCspDirectives(config);
  return {
    'default-src': ["'none'"],
    'media-src': app['media-src']!,
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    'upgrade-insecure-requests': app['upgrade-insecure-requests']!,
  };
}

/** The docs UI (swagger-ui) runs inline scripts and styles; allowed for /api/docs only. */
function docsCspDirectives(config: CspConfig): Directives {
  return {
    ...appCspDirectives(config),
    'script-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  };
}

export const DOCS_PREFIX = '/api/docs';
/** Where the web build's hashed files are served (apps/server/src/http/web-app.ts). */
const ASSETS_PREFIX = '/assets/';

type HeaderList = ReadonlyArray<readonly [string, string]>;

type HelmetOptions = Omit<FastifyHelmetOptions, 'global' | 'enableCSPNonces'>;
type HelmetMiddleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/** helmet itself, the copy @fastify/helmet (our dependency) depends on. */
const helmet = createRequire(createRequire(import.meta.url).resolve('@fastify/helmet'))('helmet') as (
  options: HelmetOptions,
) => HelmetMiddleware;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The security headers of a route that has its own (the docs UI); the app's otherwise. */
    securityHeaders?: HeaderList;
  }
}

/**
 * The headers helmet sets for `options`, computed once: helmet's middleware (as @fastify/helmet
 * runs it) rebuilds every policy from its options on each request, a measurable share of a cached
 * reply. Its policies are static here (no nonces), so the headers are too.
 */
export function helmetHeaders(options: HelmetOptions): HeaderList {
  const headers: Array<readonly [string, string]> = [];
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.push([name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value)]);
    },
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/** What the three sets of headers are made from: the app's settings and the built index.html. */
type SecurityConfig = CspConfig & Pick<Config, 'WEB_DIST'>;

/**
 * helmet's options of the three sets of headers: pages (the web app), the docs UI, and the API's
 * JSON replies (with /health), which the build's hashed files (/assets/) get as well.
 */
export function securityHeaderOptions(config: SecurityConfig): Record<'app' | 'docs' | 'api', HelmetOptions> {
  const common: HelmetOptions = {
    strictTransportSecurity: config.HTTPS ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // Opening Alipay/WeChat cashier pages in a popup must keep working.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  };
  return {
    app: {
      ...common,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: appCspDirectives(config, inlineScriptHashes(config.WEB_DIST)),
      },
    },
    docs: {
      ...common,
      contentSecurityPolicy: { useDefaults: false, directives: docsCspDirectives(config) },
    },
    api: {
      ...common,
      contentSecurityPolicy: { useDefaults: false, directives: apiCspDirectives(config) },
      // Headers only a document acts on (its browsing context group, its agent cluster, its DNS
      // prefetching, IE's open-in-place, Flash's policy files, the old XSS auditor, and framing, which
      // the policy's frame-ancestors 'none' forbids in every browser that honours X-Frame-Options):
      // a JSON reply is never one, and each header is a measurable share of a cached reply's cost.
      frameguard: false,
      crossOriginOpenerPolicy: false,
      originAgentCluster: false,
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xPermittedCrossDomainPolicies: false,
      xXssProtection: false,
    },
  };
}

export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const options = securityHeaderOptions(config);
  const appHeaders = helmetHeaders(options.app);
  const docsHeaders = helmetHeaders(options.docs);
  const apiHeaders = helmetHeaders(options.api);
  // Must run before the routes are added: gives the docs UI and the JSON routes their own CSP.
  app.addHook('onRoute', (route) => {
    if (route.url === DOCS_PREFIX || route.url.startsWith(`${DOCS_PREFIX}/`)) {
      route.config = { ...route.config, securityHeaders: docsHeaders };
    } else if (isApiPath(route.url) || route.url === '/health') {
      route.config = { ...route.config, securityHeaders: apiHeaders };
    }
  });
  app.addHook('onRequest', (request, reply, done) => {
    // Routes without headers of their own: the web app's wildcard (files, pages) and requests no
    // route matched. Under /api either ends in the not-found handler's JSON 404: the API's headers.
    // The build's hashed files (scripts, styles, fonts, images) are never a document either: they get
    // the API's set too, a policy that loads nothing and none of the document-only headers (about
    // 500 bytes less on each of the 15 or so files a first visit downloads over HTTP/1.1).
    const headers =
      matchedRoute(request).config?.securityHeaders ??
      (isApiRequest(request) || request.url.startsWith(ASSETS_PREFIX) ? apiHeaders : appHeaders);
    for (const [name, value] of headers) {
      reply.header(name, value);
    }
    done();
  });
}
