import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db, DbDialect } from '../db/database.ts';
import { createServices, silentLog, type Services } from '../services.ts';

export type OpsServiceDeps = { db: Db; dialect: DbDialect; clock: Clock; config: Config };

/**
 * The services a command acts through: the server's own (src/services.ts, same settings from the
 * config), built on the command's transaction: their reads and writes go through it (a service call
 * that opens its own transaction is given it instead: `markTeacherNoShow(id, trx)`,
 * `applyPayment(…, trx)`), so every write of a command and its audit record commit or roll back
 * together. Nobody reads their log here: a command reports through its output.
 */
export function createOpsServices(deps: OpsServiceDeps): Promise<Services> {
  return createServices({ ...deps, log: silentLog });
}

export type OpsServices = Services;
