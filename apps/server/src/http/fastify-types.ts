import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db, DbDialect } from '../db/database.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The application configuration (DESIGN.md §9). */
    config: Config;
    /** Kysely over SQLite or PostgreSQL. Inside `withTransaction` use its `trx` instead. */
    db: Db;
    dbDialect: DbDialect;
    /** "Now" for every service (tests advance it); see clock.ts. */
    clock: Clock;
  }
}

/** The app with zod schemas as its type provider: what route modules receive. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
