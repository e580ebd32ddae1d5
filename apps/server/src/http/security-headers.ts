import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

type Directives = Record<string, string[] | null>;

/**
 * CSP of the web app (DESIGN.md §7): only our own scripts; inline styles because antd's CSS-in-JS
 * injects <style> tags; media from the configured video/recording hosts; nothing may frame us.
 */
export function appCspDirectives(config: Pick<Config, 'MEDIA_HOSTS' | 'HTTPS'>): Directives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'media-src': ["'self'", 'blob:', 'data:', ...config.MEDIA_HOSTS],
    'connect-src': ["'self'"],
    'font-src': ["'self'", 'data:'],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'upgrade-insecure-requests': config.HTTPS ? [] : null,
  };
}

/** The docs UI (swagger-ui) runs inline scripts and styles; allowed for /api/docs only. */
function docsCspDirectives(config: Pick<Config, 'MEDIA_HOSTS' | 'HTTPS'>): Directives {
  return {
    ...appCspDirectives(config),
    'script-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  };
}

export const DOCS_PREFIX = '/api/docs';

export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const docs = docsCspDirectives(config);
  // Must run before the docs routes are added: gives them their own CSP through @fastify/helmet's
  // per-route configuration.
  app.addHook('onRoute', (route) => {
    if (route.url === DOCS_PREFIX || route.url.startsWith(`${DOCS_PREFIX}/`)) {
      route.helmet = { contentSecurityPolicy: { useDefaults: false, directives: docs } };
    }
  });
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: appCspDirectives(config) },
    strictTransportSecurity: config.HTTPS ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // Opening Alipay/WeChat cashier pages in a popup must keep working.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
}
