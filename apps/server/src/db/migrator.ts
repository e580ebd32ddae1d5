import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Db, DbDialect } from './database.ts';
import * as m0001 from './migrations/0001-app-setting.ts';
import * as m0002 from './migrations/0002-auth.ts';
import * as m0003 from './migrations/0003-ielts.ts';
import * as m0004 from './migrations/0004-teachers.ts';
import * as m0005 from './migrations/0005-sms-challenge.ts';
import * as m0006 from './migrations/0006-courses-wallet.ts';
import * as m0007 from './migrations/0007-payments.ts';
import * as m0008 from './migrations/0008-user-centre.ts';
import * as m0009 from './migrations/0009-courseware.ts';
import * as m0010 from './migrations/0010-ops-audit.ts';
import * as m0011 from './migrations/0011-job-fairness.ts';
import * as m0012 from './migrations/0012-student-quotas.ts';
import * as m0013 from './migrations/0013-student-reads.ts';
import * as m0014 from './migrations/0014-home-outcomes.ts';
import * as m0015 from './migrations/0015-classroom-attendance.ts';
import * as m0016 from './migrations/0016-classroom-recording.ts';
import * as m0017 from './migrations/0017-student-reads-version.ts';
import * as m0018 from './migrations/0018-student-reads-deferred.ts';
import * as m0019 from './migrations/0019-ticket-claims-index.ts';
import * as m0020 from './migrations/0020-coin-log-tally.ts';
import * as m0021 from './migrations/0021-course-outcome-tally.ts';

/**
 * Every migration, in order. Add new ones at the end (`NNNN-name.ts`, typed `Kysely<unknown>`);
 * never edit or reorder one that has shipped. An explicit list instead of a folder scan keeps the
 * order obvious and works the same from source and in bundles.
 */
const MIGRATIONS: Record<string, Migration> = {
  '0001-app-setting': m0001,
  '0002-auth': m0002,
  '0003-ielts': m0003,
  '0004-teachers': m0004,
  '0005-sms-challenge': m0005,
  '0006-courses-wallet': m0006,
  '0007-payments': m0007,
  '0008-user-centre': m0008,
  '0009-courseware': m0009,
  '0010-ops-audit': m0010,
  '0011-job-fairness': m0011,
  '0012-student-quotas': m0012,
  '0013-student-reads': m0013,
  '0014-home-outcomes': m0014,
  '0015-classroom-attendance': m0015,
  '0016-classroom-recording': m0016,
  '0017-student-reads-version': m0017,
  '0018-student-reads-deferred': m0018,
  '0019-ticket-claims-index': m0019,
  '0020-coin-log-tally': m0020,
  '0021-course-outcome-tally': m0021,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

async function migratorFor(db: Kysely<unknown>, dialect: DbDialect): Promise<Migrator> {
  let migrationTableSchema: string | undefined;
  if (dialect === 'postgres') {
    // Kysely looks for its migration table in every schema unless told which one; with several
    // schemas in one database (tests, shared clusters) it must be the connection's own schema.
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    const schema = rows[0]?.schema;
    if (schema && schema !== 'public') migrationTableSchema = schema;
  }
  return new Migrator({ db, provider, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
}

export type MigrationOutcome = {
  /** True when no migration had run before: the database was empty. */
  wasEmpty: boolean;
  applied: string[];
};

/** Brings the schema to the latest version; safe to run on every start and on every instance. */
export async function migrateToLatest(db: Db, dialect: DbDialect): Promise<MigrationOutcome> {
  // Migrations see the database untyped: they must not depend on today's table types.
  const migrator = await migratorFor(db as unknown as Kysely<unknown>, dialect);
  const before = await migrator.getMigrations();
  const wasEmpty = before.every((m) => m.executedAt === undefined);
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`Migration ${failed ?? ''} failed: ${String(error)}`, { cause: error });
  }
  return { wasEmpty, applied: (results ?? []).map((r) => r.migrationName) };
}
