import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyError, type FastifyHttpOptions, type RawServerDefault } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { systemClock, type Clock } from './clock.ts';
import { secretsInDatabaseWarnings, type Config } from './config.ts';
import { openDatabase, type DatabaseHandle, type DatabaseOptions } from './db/connection.ts';
import { migrateToLatest } from './db/migrator.ts';
import { seedDemo } from './db/seed/index.ts';
import { registerCompression } from './http/compression.ts';
import { registerEnvelope } from './http/envelope.ts';
import { registerErrorHandler, sendFailure } from './http/error-handler.ts';
import type { App } from './http/fastify-types.ts';
import { registerHttpCache } from './http/http-cache.ts';
import { registerOpenApi } from './http/openapi.ts';
import { PUBLIC_CACHE_DEFAULTS, registerPublicCache, type PublicCacheSettings } from './http/public-cache.ts';
import { registerRateLimit } from './http/rate-limit.ts';
import { registerMatchedRoute } from './http/route-path.ts';
import { bufferedStdout, OneLineLogController, requestLoggerFactory } from './http/request-log.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import {
  STUDENT_CACHE_DEFAULTS,
  registerStudentCache,
  type StudentCacheSettings,
} from './http/student-cache.ts';
import { registerWebApp } from './http/web-app.ts';
import { JOBS } from './jobs/registry.ts';
import { registerJobs } from './jobs/scheduler.ts';
import { openStorageProviderFromConfig } from './providers/storage/storage.config.ts';
import { registerRoutes } from './routes.ts';
import { createServices, type Services } from './services.ts';
import { nextClockChange } from './modules/users/student-reads-clock.ts';

export type BuildAppOptions = {
  /** Use this database instead of opening one from the config (tests); closed with the app. */
  database?: DatabaseHandle;
  /** Passed to `openDatabase` when the app opens its own database. */
  databaseOptions?: DatabaseOptions;
  /** Pino options override (tests pass `false`, a silent level, or a stream to read the log). */
  logger?: boolean | { level: string; stream?: { write: (line: string) => void } };
  /** Observer of every route as it is registered (tests enumerate the routes with it). */
  onRoute?: (route: { method: string | string[]; url: string }) => void;
  /** The source of "now" for services (tests pass an adjustable clock); the system clock by default. */
  clock?: Clock;
  /**
   * false: jobs run at start as usual but are not put on timers (tests run them with
   * `app.jobs.runOnce`, on the test clock, so no tick lands in the middle of a test).
   */
  scheduleJobs?: boolean;
  /** Bounds and lifetime of the public reply cache (http/public-cache.ts); defaults otherwise. */
  publicCache?: Partial<PublicCacheSettings>;
  /** Bounds and freshness of the logged-in student's reply cache (http/student-cache.ts); defaults otherwise. */
  studentCache?: Partial<StudentCacheSettings>;
};

export const JSON_BODY_LIMIT = 1024 * 1024;

/**
 * Builds the whole application from a config: database (migrated, demo-seeded when allowed), then
 * plugins in a fixed order: external (security headers, rate limit, docs) → app (envelope, caching,
 * errors) → the areas of the route table (services, session guard, routes) → jobs → web app.
 * Listening is server.ts's job.
 */
export async function buildApp(config: Config, opts: BuildAppOptions = {}): Promise<App> {
  const database = opts.database ?? openDatabase(config, opts.databaseOptions);

  const stdout = opts.logger === undefined ? bufferedStdout() : null;
  const trustProxy = config.TRUST_PROXY;
  const serverOptions: FastifyHttpOptions<RawServerDefault> = {
    logger: opts.logger ?? { level: config.LOG_LEVEL, stream: stdout!.stream },
    // One line per request instead of Fastify's two (http/request-log.ts).
    logController: new OneLineLogController(),
    // A request's pino child is made when something logs through it, not for every request.
    childLoggerFactory: requestLoggerFactory,
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
    stdout?.flush();
  });

  try {
    const outcome = await migrateToLatest(database.db, database.dialect);
    if (outcome.applied.length > 0) app.log.info({ applied: outcome.applied }, 'database migrated');
    const seedCtx = { dialect: database.dialect, wasEmpty: outcome.wasEmpty, log: app.log };
    if (await seedDemo(database.db, config, seedCtx)) {
      app.log.info('demo data seeded');
    }
  } catch (err) {
    await database.destroy();
    throw err;
  }

  for (const warning of secretsInDatabaseWarnings(config)) app.log.warn(warning);

  const clock = opts.clock ?? systemClock;
  // Every service, built once (src/services.ts). The file store is checked now (S3: HeadBucket), so
  // a store that cannot be reached stops the start, not an upload.
  let storage: Awaited<ReturnType<typeof openStorageProviderFromConfig>> | undefined;
  let services: Services;
  try {
    storage = await openStorageProviderFromConfig(config);
    services = await createServices({
      db: database.db,
      dialect: database.dialect,
      clock,
      config,
      log: app.log,
      storage,
    });
  } catch (err) {
    storage?.close();
    await database.destroy();
    throw err;
  }
  const openedStorage = storage;
  app.addHook('onClose', () => openedStorage.close());

  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dbDialect', database.dialect);
  app.decorate('clock', clock);
  app.decorate('services', services);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Before any hook: the slot in which hooks keep the matched route (http/route-path.ts).
  registerMatchedRoute(app);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
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
  registerPublicCache(app, app.clock, { ...PUBLIC_CACHE_DEFAULTS, ...opts.publicCache });
  registerStudentCache(app, database.db, app.clock, nextClockChange, {
    ...STUDENT_CACHE_DEFAULTS,
    ...opts.studentCache,
  });
  registerErrorHandler(app);

  // The areas (src/routes.ts): their services, the session guard (auth, before any route), routes.
  await registerRoutes(app);
  // Background jobs (idempotent, safe on every instance; stopped on close).
  await registerJobs(app, JOBS, { schedule: opts.scheduleJobs ?? true });
  // The web app and its history fallback (the not-found handler).
  await registerWebApp(app, config);

  return app;
}
