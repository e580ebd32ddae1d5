import { createHash, timingSafeEqual } from 'node:crypto';
import { pingDatabase } from '../../db/connection.ts';
import type { Db, DbDialect } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { lastLedgerAudit, type LedgerAuditResult } from '../../ops/ledger-audit.ts';

export type HealthServiceDeps = { db: Db; dialect: DbDialect; opsToken: string | undefined };

export type HealthDetails = { status: 'ok'; db: DbDialect; ledger_audit: LedgerAuditResult | null };

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Liveness for load balancers (DESIGN.md §6 GET /health): the process answers and the database too.
 * The details (issue 32 §6: the last hourly ledger audit) are for operators only: they take the
 * OPS_TOKEN in the x-ops-token header, compared in constant time; without OPS_TOKEN nobody gets them.
 */
export function createHealthService({ db, dialect, opsToken }: HealthServiceDeps) {
  const expected = opsToken === undefined ? undefined : digest(opsToken);

  /** Throws when the database does not answer. */
  async function check(): Promise<{ status: 'ok'; db: DbDialect }> {
    await pingDatabase(db);
    return { status: 'ok', db: dialect };
  }

  /** Whether `token` is the operators' token. */
  function isOperator(token: string | undefined): boolean {
    return expected !== undefined && token !== undefined && timingSafeEqual(digest(token), expected);
  }

  return {
    check,
    isOperator,

    /** The check plus what operators watch; a 403 for anyone else. */
    async details(token: string | undefined): Promise<HealthDetails> {
      if (!isOperator(token)) throw new AppError(403, 'error.forbidden');
      return { ...(await check()), ledger_audit: await lastLedgerAudit(db) };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
