import type { Kysely } from 'kysely';
import type { Database } from './database.ts';

/** Installation-wide settings (table app_setting). Accepts a transaction as `db`. */
export const appSettingRepository = {
  async find(db: Kysely<Database>, key: string): Promise<string | undefined> {
    const row = await db.selectFrom('app_setting').select('value').where('key', '=', key).executeTakeFirst();
    return row?.value;
  },

  /** Inserts or replaces a value. */
  async upsert(db: Kysely<Database>, key: string, value: string, now = Date.now()): Promise<void> {
    await db
      .insertInto('app_setting')
      .values({ key, value, updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
      .execute();
  },

  /** Inserts a value unless the key exists; returns whether this call inserted it (race-safe). */
  async insertIfAbsent(db: Kysely<Database>, key: string, value: string, now = Date.now()): Promise<boolean> {
    const result = await db
      .insertInto('app_setting')
      .values({ key, value, updated_at: now })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  },

  /**
   * Moves a key's value forward to `value` (text order: callers use fixed-width values, such as a
   * zero-padded time slot); true only for the one call that moved it there (race-safe: the insert
   * or the conditional update decides, never a read).
   */
  async advance(db: Kysely<Database>, key: string, value: string, now = Date.now()): Promise<boolean> {
    if (await appSettingRepository.insertIfAbsent(db, key, value, now)) return true;
    const result = await db
      .updateTable('app_setting')
      .set({ value, updated_at: now })
      .where('key', '=', key)
      .where('value', '<', value)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },
};

/** Keys of installation-wide values; the generated secrets' keys are in secrets.ts. */
export const SETTING_KEYS = {
  demoSeeded: 'demo_seeded',
  /** The clock hour of the last scheduled ledger audit (ops/ledger-audit.ts): one run per hour. */
  ledgerAuditSlot: 'ledger_audit_slot',
  /** The last scheduled ledger audit's result (JSON). */
  ledgerAuditLast: 'ledger_audit_last',
} as const;
