import type { DbDialect } from './database.ts';

/**
 * A unique-index violation on either engine: the caller lost a race for a row another request
 * inserted (a slot's live class, a provider's transaction id), which is a business answer, not a
 * failure.
 */
export function isUniqueViolation(error: unknown, dialect: DbDialect): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return dialect === 'postgres' ? code === '23505' : code === 'SQLITE_CONSTRAINT_UNIQUE';
}
