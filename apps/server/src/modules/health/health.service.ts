import { pingDatabase } from '../../db/connection.ts';
import type { Db, DbDialect } from '../../db/database.ts';

export type HealthServiceDeps = { db: Db; dialect: DbDialect };

/** Liveness for load balancers (DESIGN.md §6 GET /health): the process answers and the database too. */
export function createHealthService({ db, dialect }: HealthServiceDeps) {
  return {
    /** Throws when the database does not answer. */
    async check(): Promise<{ status: 'ok'; db: DbDialect }> {
      await pingDatabase(db);
      return { status: 'ok', db: dialect };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
