import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyError, type FastifyHttpOptions, type RawServerDefault } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import { openDatabase, type DatabaseHandle, type DatabaseOptions } from './db/connection.ts';
import { migrateToLatest } from './db/migrator.ts';
import { seedDemo } from './db/seed/index.ts';
import { registerCompression } from './http/compression.ts';
import { registerEnvelope } from './http/envelope.ts';
import { registerErrorHandler, sendFailure } from './http/error-handler.ts';
import type { App } from './http/fastify-types.ts';
import { registerHttpCache } from './http/http-cache.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerRateLimit } from './http/rate-limit.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerWebApp } from './http/web-app.ts';
import { registerAuth } from './modules/auth/auth.plugin.ts';
import { registerTeacherJobs } from './modules/teachers/teachers.jobs.ts';
import { registerRoutes } from './routes.ts';

export type BuildAppOptions = {
  /** Use this database instead of opening one from the config (tests); closed with the app. */
  database?: DatabaseHandle;
  /** Passed to `openDatabase` when the app opens its own database. */
  databaseOptions?: DatabaseOptions;
  /** Pino options override (tests pass `false` or a silent level). */
  logger?: boolean | { level: string };
  /** Observer of every route as it is registered (tests enumerate the routes with it). */
  onRoute?: (route: { method: string | string[]; url: string }) => void;
  /** The source of "now" for services (tests pass an adjustable clock); the system clock by default. */
  clock?: Clock;
};

export const JSON_BODY_LIMIT = 1024 * 1024;

/**
 * Builds the whole application from a config: database (migrated, demo-seeded when allowed), then
 * plugins in a fixed order: external (security headers, rate limit, docs) → app (envelope, caching,
 * errors) → routes → web app. Listening is server.ts's job.
 */
export async function buildApp(config: Config, opts: BuildAppOptions = {}): Promise<App> {
  const database = opts.database ?? openDatabase(config, opts.databaseOptions);

  const trustProxy = config.TRUST_PROXY;
  const serverOptions: FastifyHttpOptions<RawServerDefault> = {
    logger: opts.logger ?? { level: config.LOG_LEVEL },
    // A hop count trusts that many proxies in front of us (X-Forwarded-For read from the right).
    trustProxy:
      typeof trustProxy === 'number' ? (_addr: string, hop: number) => hop < trustProxy : trustProxy,
    bodyLimit: JSON_BODY_LIMIT,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // Errors raised by the router before any hook (bad percent-encoding, overlong params).
    frameworkErrors: (error, request, reply) => sendFailure(error as FastifyError, request, reply),
  };
  const app: App = Fastify(serverOptions).withTypeProvider<ZodTypeProvider>();

  if (opts.onRoute) {
    const observe = opts.onRoute;
    app.addHook('onRoute', (route) => observe({ method: route.method, url: route.url }));
  }
  app.addHook('onClose', async () => {
    await database.destroy();
  });

  try {
    const outcome = await migrateToLatest(database.db, database.dialect);
    if (outcome.applied.length > 0) app.log.info({ applied: outcome.applied }, 'database migrated');
    if (await seedDemo(database.db, config, { dialect: database.dialect, wasEmpty: outcome.wasEmpty })) {
      app.log.info('demo data seeded');
    }
  } catch (err) {
    await database.destroy();
    throw err;
  }

  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dbDialect', database.dialect);
  app.decorate('clock', opts.clock ?? systemClock);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // External plugins.
  await registerSecurityHeaders(app, config);
  // Before any route: it attaches itself to each route as it is added.
  await registerCompression(app);
  await registerRateLimit(app, config);
  await registerOpenApi(app, config);

  // Application plugins.
  registerEnvelope(app);
  registerHttpCache(app);
  registerErrorHandler(app);
  // Sessions: the guard of /api/v1/user/* must be in place before any route is registered.
  await registerAuth(app);

  // Routes, then the web app and its history fallback (the not-found handler).
  await registerRoutes(app);
  // Background jobs of the areas (idempotent, safe on every instance; cleared on close).
  await registerTeacherJobs(app);
  await registerWebApp(app, config);

  return app;
}
