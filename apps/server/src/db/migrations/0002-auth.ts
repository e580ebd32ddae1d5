import { SqliteAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/**
 * Accounts and sessions (issue #3, DESIGN.md §7): students, session families and their refresh
 * tokens, SMS codes, the SMS send log and daily budget, and password attempts. Everything a limit
 * counts lives here, so the limits hold across instances (DESIGN.md §2). Timestamps are epoch ms.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // SQLite: an INTEGER PRIMARY KEY is the auto-assigned rowid; PostgreSQL needs an identity column.
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const id = (c: ColumnDefinitionBuilder) =>
    sqlite ? c.primaryKey() : c.primaryKey().generatedByDefaultAsIdentity();

  await db.schema
    .createTable('student')
    .addColumn('id', 'integer', id)
    .addColumn('mobile', 'text', (c) => c.notNull().unique())
    // scrypt$N$r$p$salt$hash of the client hash; null for students who only ever used SMS login.
    .addColumn('password_hash', 'text')
    .addColumn('nick', 'text', (c) => c.notNull())
    .addColumn('eng_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('pic', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sex', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('birthday', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  // One login = one family; every refresh token of that login belongs to it (RFC 9700 §4.14).
  await db.schema
    .createTable('session_family')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('student_id', 'integer', (c) => c.notNull().references('student.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // Absolute end of the session: created_at + REFRESH_TOKEN_TTL_SECONDS, never extended.
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('session_family_student_idx')
    .on('session_family')
    .column('student_id')
    .execute();

  await db.schema
    .createTable('refresh_token')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('family_id', 'text', (c) => c.notNull().references('session_family.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // Set when the token is rotated; presenting it again afterwards is reuse.
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('refresh_token_family_idx').on('refresh_token').column('family_id').execute();

  await db.schema
    .createTable('sms_code')
    .addColumn('id', 'integer', id)
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('consumed_at', 'bigint')
    .execute();
  await db.schema.createIndex('sms_code_mobile_idx').on('sms_code').columns(['mobile', 'id']).execute();

  await db.schema
    .createTable('sms_send')
    .addColumn('id', 'integer', id)
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sms_send_mobile_idx').on('sms_send').columns(['mobile', 'sent_at']).execute();
  await db.schema.createIndex('sms_send_ip_idx').on('sms_send').columns(['ip', 'sent_at']).execute();
  await db.schema.createIndex('sms_send_sent_at_idx').on('sms_send').column('sent_at').execute();

  // The global daily SMS budget: one row per day (China time), incremented conditionally.
  await db.schema
    .createTable('sms_budget')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('used', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('password_attempt')
    .addColumn('id', 'integer', id)
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    // 'pending' while the password is being checked, then 'ok' or 'fail'.
    .addColumn('outcome', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('password_attempt_mobile_idx')
    .on('password_attempt')
    .columns(['mobile', 'id'])
    .execute();
  await db.schema
    .createIndex('password_attempt_ip_idx')
    .on('password_attempt')
    .columns(['ip', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'password_attempt',
    'sms_budget',
    'sms_send',
    'sms_code',
    'refresh_token',
    'session_family',
    'student',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
