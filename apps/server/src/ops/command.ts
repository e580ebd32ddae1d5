import type { z } from 'zod';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db, DbDialect } from '../db/database.ts';
import type { Trx } from '../db/transaction.ts';
import type { OpsServices } from './services.ts';

/** What a command works with: the transaction (`db`), the services built on it, who runs it. */
export type OpsContext = {
  db: Trx;
  dialect: DbDialect;
  clock: Clock;
  config: Config;
  services: OpsServices;
  actor: string;
  /**
   * Work to undo outside the database when the transaction rolls back (a stored file's object):
   * run after the rollback, best effort.
   */
  onRollback: (undo: () => Promise<void>) => void;
};

/** What `prepare` and `direct` get: the database itself (not a transaction), no services. */
export type OpsDirectDeps = Omit<OpsContext, 'db' | 'services' | 'onRollback'> & { db: Db };

/**
 * What a command did: the state it changed, before and after (the audit record), and what to print.
 * `rollback: true` (a dry run) undoes everything and writes no audit record, and still prints.
 */
export type OpsResult = { before: unknown; after: unknown; output: string; rollback?: boolean };

/**
 * One command of the operations CLI. Options are named strings (`--student 12`); the schema turns
 * them into the typed input or says what is wrong (exit code 2). `run` changes things only through
 * the services and throws `OpsRefusal` (or an AppError of a service) to refuse (exit code 1).
 * Read-only commands (`audit: false`) write no audit record and decide their own exit code.
 */
export type OpsCommand<S extends z.ZodType = z.ZodType, P = unknown> = {
  name: string;
  summary: string;
  options: Record<string, string>;
  /** Options without a value (`--dry-run`): `true` when given, absent otherwise. */
  flags?: Record<string, string>;
  example: string;
  schema: S;
  audit?: boolean;
  /**
   * Before the transaction, on the database itself: what must not hold a transaction open (a
   * payment provider's network query, reading files). Its result is given to `run`; it may refuse.
   */
  prepare?: (deps: OpsDirectDeps, input: z.output<S>) => Promise<P>;
  run: (ctx: OpsContext, input: z.output<S>, prepared: P) => Promise<OpsResult & { exitCode?: number }>;
  /**
   * Instead of `run`, for what cannot run inside a transaction (a SQLite online backup): gets the
   * database itself, writes no audit record.
   */
  direct?: (deps: OpsDirectDeps, input: z.output<S>) => Promise<{ output: string; exitCode?: number }>;
};

export function defineCommand<S extends z.ZodType, P = undefined>(command: OpsCommand<S, P>): OpsCommand {
  return command as unknown as OpsCommand;
}

/** A refused operation (exit code 1): the data does not allow it. Nothing was changed. */
export class OpsRefusal extends Error {}
