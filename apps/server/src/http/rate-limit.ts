import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { CODES } from '@app/contract/codes';
import type { Config } from '../config.ts';
import { AppError } from './app-error.ts';
import { clientIpKey } from './client-ip.ts';
import { isApiRequest } from './route-path.ts';

/**
 * The generic per-IP request limit (DESIGN.md §2): counters in Redis when REDIS_URL is set, so all
 * instances share them, in memory otherwise. The client IP honours TRUST_PROXY (Fastify's
 * `trustProxy`); IPv6 clients count per /64. The security limits of §7 (SMS, login) live in the
 * database, not here.
 */
export async function registerRateLimit(app: FastifyInstance, config: Config): Promise<void> {
  let redis: Redis | undefined;
  if (config.REDIS_URL) {
    redis = new Redis(config.REDIS_URL, {
      connectTimeout: 2000,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      lazyConnect: false,
    });
    redis.on('error', (err) => app.log.warn({ err }, 'redis error (rate limit falls open)'));
    app.addHook('onClose', async () => {
      redis?.disconnect();
    });
    // Start limiting from the first request: wait (briefly) until Redis is ready. When it is not,
    // the server starts anyway and the limiter lets requests through until Redis comes back.
    const connecting = redis;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        connecting.off('ready', done);
        connecting.off('error', done);
        resolve();
      };
      const timer = setTimeout(done, 2_500);
      if (connecting.status === 'ready') done();
      connecting.once('ready', done);
      connecting.once('error', done);
    });
  }
  await app.register(rateLimit, {
    global: true,
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    // Only the API is limited: one page load fetches dozens of hashed assets (cached immutable
    // afterwards) and the SPA shell, and /health belongs to the load balancer. The matched route
    // decides, so `/%61pi/v1/user/login` counts like `/api/v1/user/login` (issue 11).
    allowList: (request) => !isApiRequest(request),
    // One key per IPv4 address or IPv6 /64 (DESIGN.md §7), so rotating addresses in a /64 gains nothing.
    keyGenerator: (request) => clientIpKey(request.ip),
    // A Redis outage must not take the site down: the limiter lets requests through.
    skipOnError: true,
    ...(redis ? { redis, nameSpace: 'ratelimit:' } : {}),
    // The limit, what is left of it and when it resets are told with the refusal (429, with
    // Retry-After), not on every reply: the web app never reads them, and they were 70 bytes of
    // every reply.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    errorResponseBuilder: () => new AppError(CODES.TOO_MANY_REQUESTS, 'error.tooManyRequests'),
  });
}
