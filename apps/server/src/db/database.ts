import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';

/**
 * Every table of the application, as the queries see it (DESIGN.md §4 portability rules):
 * timestamps are epoch milliseconds (`bigint` on PostgreSQL, read back as numbers), booleans are
 * 0/1 integers, money and counts are integers. Migrations never import these types.
 */
export type AppSettingTable = {
  key: string;
  value: string;
  updated_at: number;
};

export type Database = {
  app_setting: AppSettingTable;
};

export type AppSetting = Selectable<AppSettingTable>;
export type NewAppSetting = Insertable<AppSettingTable>;
export type AppSettingUpdate = Updateable<AppSettingTable>;

export type Db = Kysely<Database>;
export type DbDialect = 'sqlite' | 'postgres';
