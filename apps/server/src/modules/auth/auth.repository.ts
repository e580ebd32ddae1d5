import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, DbDialect, StudentTable } from '../../db/database.ts';

type Db = Kysely<Database>;

export type StudentRow = Selectable<StudentTable>;

export type NewStudent = {
  mobile: string;
  nick: string;
  passwordHash: string | null;
  engName?: string;
  sex?: number;
  birthday?: string | null;
};

export type FamilyState = { id: string; studentId: number; expiresAt: number; revokedAt: number | null };

export type CodeRow = {
  id: number;
  codeHash: string;
  expiresAt: number;
  attempts: number;
  consumedAt: number | null;
};

const affected = (result: { numUpdatedRows?: bigint; numDeletedRows?: bigint }) =>
  Number(result.numUpdatedRows ?? result.numDeletedRows ?? 0n);

/**
 * All SQL of accounts and sessions. Every method accepts a transaction as `db`. Business rules
 * (limits, lockout, rotation) live in the services; the methods here are the conditional
 * statements those rules are decided by (DESIGN.md §7, STYLE.md §6).
 */
export const authRepository = {
  /**
   * Serializes concurrent transactions that touch the same keys (a phone, an IP) until commit.
   * PostgreSQL: transaction-scoped advisory locks; callers take them in a fixed order (phone, then
   * IP), so two transactions never wait on each other in a cycle. SQLite runs one writer at a time
   * (Kysely's single connection), so nothing is needed there.
   */
  async lockKeys(db: Db, dialect: DbDialect, keys: readonly string[]): Promise<void> {
    if (dialect !== 'postgres') return;
    for (const key of keys) {
      await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(db);
    }
  },

  // Students ------------------------------------------------------------------------------------

  async findStudentByMobile(db: Db, mobile: string): Promise<StudentRow | undefined> {
    return db.selectFrom('student').selectAll().where('mobile', '=', mobile).executeTakeFirst();
  },

  async findStudentById(db: Db, id: number): Promise<StudentRow | undefined> {
    return db.selectFrom('student').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** Inserts the student unless the phone exists; returns the new id, or null when it existed. */
  async insertStudentIfAbsent(db: Db, student: NewStudent, now: number): Promise<number | null> {
    const row = await db
      .insertInto('student')
      .values({
        mobile: student.mobile,
        nick: student.nick,
        password_hash: student.passwordHash,
        eng_name: student.engName ?? '',
        sex: student.sex ?? 0,
        birthday: student.birthday ?? null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('mobile').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  },

  async updatePasswordHash(db: Db, studentId: number, passwordHash: string, now: number): Promise<void> {
    await db
      .updateTable('student')
      .set({ password_hash: passwordHash, updated_at: now })
      .where('id', '=', studentId)
      .execute();
  },

  // Session families and refresh tokens ----------------------------------------------------------

  async insertFamily(
    db: Db,
    family: { id: string; studentId: number; createdAt: number; expiresAt: number },
  ): Promise<void> {
    await db
      .insertInto('session_family')
      .values({
        id: family.id,
        student_id: family.studentId,
        created_at: family.createdAt,
        expires_at: family.expiresAt,
        revoked_at: null,
      })
      .execute();
  },

  async findFamily(db: Db, id: string): Promise<FamilyState | undefined> {
    const row = await db
      .selectFrom('session_family')
      .select(['id', 'student_id', 'expires_at', 'revoked_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    return (
      row && { id: row.id, studentId: row.student_id, expiresAt: row.expires_at, revokedAt: row.revoked_at }
    );
  },

  /** Revokes a family; idempotent (the first revocation time is kept). */
  async revokeFamily(db: Db, id: string, now: number): Promise<void> {
    await db
      .updateTable('session_family')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
  },

  async revokeFamiliesOfStudent(db: Db, studentId: number, exceptId: string | null, now: number) {
    let query = db
      .updateTable('session_family')
      .set({ revoked_at: now })
      .where('student_id', '=', studentId)
      .where('revoked_at', 'is', null);
    if (exceptId) query = query.where('id', '!=', exceptId);
    return affected(await query.executeTakeFirst());
  },

  async insertRefreshToken(db: Db, tokenHash: string, familyId: string, now: number): Promise<void> {
    await db
      .insertInto('refresh_token')
      .values({ token_hash: tokenHash, family_id: familyId, created_at: now, used_at: null })
      .execute();
  },

  async findRefreshToken(db: Db, tokenHash: string) {
    return db
      .selectFrom('refresh_token')
      .select(['family_id', 'used_at'])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  },

  /**
   * Marks a refresh token used, only if it was not used yet. Exactly one of several concurrent
   * callers with the same token gets `true` (on PostgreSQL the row lock makes the others re-check
   * `used_at` after the winner commits).
   */
  async markRefreshTokenUsed(db: Db, tokenHash: string, now: number): Promise<boolean> {
    const result = await db
      .updateTable('refresh_token')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return affected(result) === 1;
  },

  // SMS codes -------------------------------------------------------------------------------------

  async insertCode(
    db: Db,
    code: { mobile: string; codeHash: string; createdAt: number; expiresAt: number },
  ): Promise<number> {
    const row = await db
      .insertInto('sms_code')
      .values({
        mobile: code.mobile,
        code_hash: code.codeHash,
        created_at: code.createdAt,
        expires_at: code.expiresAt,
        attempts: 0,
        consumed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async deleteCode(db: Db, id: number): Promise<void> {
    await db.deleteFrom('sms_code').where('id', '=', id).execute();
  },

  /** The phone's newest code: only it is valid (a new send supersedes the older ones). */
  async findLatestCode(db: Db, mobile: string): Promise<CodeRow | undefined> {
    const row = await db
      .selectFrom('sms_code')
      .select(['id', 'code_hash', 'expires_at', 'attempts', 'consumed_at'])
      .where('mobile', '=', mobile)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return (
      row && {
        id: row.id,
        codeHash: row.code_hash,
        expiresAt: row.expires_at,
        attempts: row.attempts,
        consumedAt: row.consumed_at,
      }
    );
  },

  /**
   * Takes one try of a code before it is compared: the try counter rises only while below
   * `maxTries` and the code is unused and unexpired. Returns the try number, or null when no try
   * is left. Counting before comparing means concurrent guesses cannot exceed the limit.
   */
  async takeCodeTry(db: Db, id: number, maxTries: number, now: number): Promise<number | null> {
    const row = await db
      .updateTable('sms_code')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('attempts', '<', maxTries)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('attempts')
      .executeTakeFirst();
    return row?.attempts ?? null;
  },

  /** Consumes a code (single use); false when another request consumed it first. */
  async consumeCode(db: Db, id: number, now: number): Promise<boolean> {
    const result = await db
      .updateTable('sms_code')
      .set({ consumed_at: now })
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    return affected(result) === 1;
  },

  // SMS sends and budget ------------------------------------------------------------------------

  /** Send times of a phone since `since`, newest first. */
  async recentSendsOfMobile(db: Db, mobile: string, since: number, limit: number): Promise<number[]> {
    const rows = await db
      .selectFrom('sms_send')
      .select('sent_at')
      .where('mobile', '=', mobile)
      .where('sent_at', '>', since)
      .orderBy('sent_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => r.sent_at);
  },

  async recentSendsOfIp(db: Db, ip: string, since: number, limit: number): Promise<number[]> {
    const rows = await db
      .selectFrom('sms_send')
      .select('sent_at')
      .where('ip', '=', ip)
      .where('sent_at', '>', since)
      .orderBy('sent_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => r.sent_at);
  },

  async insertSend(db: Db, send: { mobile: string; ip: string; sentAt: number }): Promise<number> {
    const row = await db
      .insertInto('sms_send')
      .values({ mobile: send.mobile, ip: send.ip, sent_at: send.sentAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async deleteSend(db: Db, id: number): Promise<void> {
    await db.deleteFrom('sms_send').where('id', '=', id).execute();
  },

  /**
   * Takes one SMS from the day's budget if any is left: a conditional increment of the day's row,
   * which also serializes concurrent sends on that row (PostgreSQL row lock).
   */
  async takeBudget(db: Db, day: string, budget: number): Promise<boolean> {
    await db
      .insertInto('sms_budget')
      .values({ day, used: 0 })
      .onConflict((oc) => oc.column('day').doNothing())
      .execute();
    const result = await db
      .updateTable('sms_budget')
      .set((eb) => ({ used: eb('used', '+', 1) }))
      .where('day', '=', day)
      .where('used', '<', budget)
      .executeTakeFirst();
    return affected(result) === 1;
  },

  async returnBudget(db: Db, day: string): Promise<void> {
    await db
      .updateTable('sms_budget')
      .set((eb) => ({ used: eb('used', '-', 1) }))
      .where('day', '=', day)
      .where('used', '>', 0)
      .execute();
  },

  // Password attempts ---------------------------------------------------------------------------

  /** Times of the IP's password attempts since `since`, newest first. */
  async recentAttemptsOfIp(db: Db, ip: string, since: number, limit: number): Promise<number[]> {
    const rows = await db
      .selectFrom('password_attempt')
      .select('at')
      .where('ip', '=', ip)
      .where('at', '>', since)
      .orderBy('at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => r.at);
  },

  /**
   * The phone's failed (or still pending) attempts since `since` and since its last successful
   * password login, newest first.
   */
  async recentFailuresOfMobile(db: Db, mobile: string, since: number, limit: number): Promise<number[]> {
    const lastOk = db
      .selectFrom('password_attempt')
      .select((eb) => eb.fn.coalesce(eb.fn.max('id'), eb.lit(0)).as('id'))
      .where('mobile', '=', mobile)
      .where('outcome', '=', 'ok');
    const rows = await db
      .selectFrom('password_attempt')
      .select('at')
      .where('mobile', '=', mobile)
      .where('outcome', 'in', ['fail', 'pending'])
      .where('at', '>', since)
      .where('id', '>', lastOk)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => r.at);
  },

  async insertAttempt(db: Db, attempt: { mobile: string; ip: string; at: number }): Promise<number> {
    const row = await db
      .insertInto('password_attempt')
      .values({ mobile: attempt.mobile, ip: attempt.ip, at: attempt.at, outcome: 'pending' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async settleAttempt(db: Db, id: number, outcome: 'ok' | 'fail'): Promise<void> {
    await db.updateTable('password_attempt').set({ outcome }).where('id', '=', id).execute();
  },

  // Housekeeping --------------------------------------------------------------------------------

  /** Deletes rows no rule looks at any more; idempotent, safe on every instance at once. */
  async purgeExpired(
    db: Db,
    cutoffs: { sendsBefore: number; codesBefore: number; attemptsBefore: number; familiesBefore: number },
  ): Promise<void> {
    await db.deleteFrom('sms_send').where('sent_at', '<', cutoffs.sendsBefore).execute();
    await db.deleteFrom('sms_code').where('expires_at', '<', cutoffs.codesBefore).execute();
    await db.deleteFrom('password_attempt').where('at', '<', cutoffs.attemptsBefore).execute();
    await db.deleteFrom('session_family').where('expires_at', '<', cutoffs.familiesBefore).execute();
  },
};
