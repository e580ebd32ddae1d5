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
};

export const SETTING_KEYS = {
  demoSeeded: 'demo_seeded',
  jwtSecret: 'jwt_secret',
} as const;
