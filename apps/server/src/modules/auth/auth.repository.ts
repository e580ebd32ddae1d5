import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { keysParameter, oneOf, type KeysParameter } from '../../db/batched-read.ts';
import { dialectOf } from '../../db/dialect.ts';
import { prepared, type Arg } from '../../db/prepared.ts';
import { purgeInBatches } from '../../jobs/batches.ts';

type Db = Kysely<Database>;

export type FamilyState = { id: string; studentId: number; expiresAt: number; revokedAt: number | null };

export type CodeRow = {
  id: number;
  codeHash: string;
  expiresAt: number;
  /** Wrong tries without the matching challenge. */
  attempts: number;
  consumedAt: number | null;
  challengeHash: string | null;
  /** Wrong tries with the matching challenge. */
  challengeAttempts: number;
};

/** The two try buckets of a code (DESIGN.md §7 "Code binding"). */
export type CodeBucket = 'challenge' | 'open';

/**
 * The event logs the limits count (DESIGN.md §7): each with its time column and the keys it is
 * counted by. `recentTimes` reads any of them.
 */
const EVENT_LOGS = {
  smsSend: { table: 'sms_send', at: 'sent_at', keys: ['mobile', 'ip'] },
  codeFailure: { table: 'sms_code_failure', at: 'at', keys: ['ip'] },
  passwordAttempt: { table: 'password_attempt', at: 'at', keys: ['ip'] },
} as const;

type EventLog = keyof typeof EVENT_LOGS;
type EventKey<L extends EventLog> = (typeof EVENT_LOGS)[L]['keys'][number];

const affected = (result: { numUpdatedRows?: bigint; numDeletedRows?: bigint }) =>
  Number(result.numUpdatedRows ?? result.numDeletedRows ?? 0n);

/** Read by every authenticated request (behind session.service.ts's one-second cache): prepared. */
const familyById = prepared((db, arg: Arg<{ id: string }>) =>
  db
    .selectFrom('session_family')
    .select(['id', 'student_id', 'expires_at', 'revoked_at'])
    .where('id', '=', arg('id')),
);

const familiesByIds = prepared((db, arg: Arg<{ ids: KeysParameter }>) =>
  db
    .selectFrom('session_family')
    .select(['id', 'student_id', 'expires_at', 'revoked_at'])
    .where(oneOf(dialectOf(db), 'id', arg('ids'))),
);

function familyStateOf(row: {
  id: string;
  student_id: number;
  expires_at: number;
  revoked_at: number | null;
}): FamilyState {
  return { id: row.id, studentId: row.student_id, expiresAt: row.expires_at, revokedAt: row.revoked_at };
}

/**
 * All SQL of accounts and sessions. Every method accepts a transaction as `db`. Business rules
 * (limits, lockout, rotation) live in the services; the methods here are the conditional
 * statements those rules are decided by (DESIGN.md §7, STYLE.md §6).
 */
export const authRepository = {
  /**
   * Times of a log's events for one key (a phone, an IP key) since `since`, newest first, at most
   * `limit`: the sends of a phone or an IP, the failed (or still running) code checks and the
   * password attempts of an IP.
   */
  async recentTimes<L extends EventLog>(
    db: Db,
    log: L,
    by: { key: EventKey<L>; value: string },
    since: number,
    limit: number,
  ): Promise<number[]> {
    const { table, at } = EVENT_LOGS[log];
    const { rows } = await sql<{ at: number }>`
      select ${sql.ref(at)} as at from ${sql.table(table)}
      where ${sql.ref(by.key)} = ${by.value} and ${sql.ref(at)} > ${since}
      order by ${sql.ref(at)} desc limit ${limit}`.execute(db);
    return rows.map((r) => Number(r.at));
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
    const row = (await familyById(db, { id })).rows[0];
    return row && familyStateOf(row);
  },

  /** The families of `ids` that exist, by id (one statement: the session guard's batched read). */
  async findFamilies(db: Db, ids: readonly string[]): Promise<Map<string, FamilyState>> {
    const { rows } = await familiesByIds(db, { ids: keysParameter(dialectOf(db), ids) });
    return new Map(rows.map((row) => [row.id, familyStateOf(row)]));
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
    code: { mobile: string; codeHash: string; challengeHash: string; createdAt: number; expiresAt: number },
  ): Promise<number> {
    const row = await db
      .insertInto('sms_code')
      .values({
        mobile: code.mobile,
        code_hash: code.codeHash,
        challenge_hash: code.challengeHash,
        created_at: code.createdAt,
        expires_at: code.expiresAt,
        attempts: 0,
        challenge_attempts: 0,
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
      .select([
        'id',
        'code_hash',
        'expires_at',
        'attempts',
        'consumed_at',
        'challenge_hash',
        'challenge_attempts',
      ])
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
        challengeHash: row.challenge_hash,
        challengeAttempts: row.challenge_attempts,
      }
    );
  },

  /**
   * Takes one try from a bucket of a code before it is compared: the bucket's counter rises only
   * while below `maxTries`, the challenge bucket is not used up (that kills the code for everyone)
   * and the code is unused and unexpired. Returns the bucket's try number, or null when no try is
   * left. Counting before comparing means concurrent guesses cannot exceed the limit.
   */
  async takeCodeTry(
    db: Db,
    id: number,
    bucket: CodeBucket,
    maxTries: number,
    now: number,
  ): Promise<number | null> {
    const column = bucket === 'challenge' ? 'challenge_attempts' : 'attempts';
    const row = await db
      .updateTable('sms_code')
      .set((eb) => ({ [column]: eb(column, '+', 1) }))
      .where('id', '=', id)
      .where(column, '<', maxTries)
      .where('challenge_attempts', '<', maxTries)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['attempts', 'challenge_attempts'])
      .executeTakeFirst();
    if (!row) return null;
    return bucket === 'challenge' ? row.challenge_attempts : row.attempts;
  },

  /** Gives a try back to its bucket (a right code that was not used); never below 0. */
  async returnCodeTry(db: Db, id: number, bucket: CodeBucket): Promise<void> {
    const column = bucket === 'challenge' ? 'challenge_attempts' : 'attempts';
    await db
      .updateTable('sms_code')
      .set((eb) => ({ [column]: eb(column, '-', 1) }))
      .where('id', '=', id)
      .where(column, '>', 0)
      .execute();
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

  // Failed code checks per IP -------------------------------------------------------------------

  async insertCodeFailure(db: Db, failure: { ip: string; at: number }): Promise<number> {
    const row = await db
      .insertInto('sms_code_failure')
      .values({ ip: failure.ip, at: failure.at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async deleteCodeFailure(db: Db, id: number): Promise<void> {
    await db.deleteFrom('sms_code_failure').where('id', '=', id).execute();
  },

  // SMS sends and budget ------------------------------------------------------------------------

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

  /** Takes back an attempt whose password was never checked (the server was too busy to). */
  async deleteAttempt(db: Db, id: number): Promise<void> {
    await db.deleteFrom('password_attempt').where('id', '=', id).execute();
  },

  // Housekeeping --------------------------------------------------------------------------------

  /** Deletes rows no rule looks at any more; idempotent, safe on every instance at once. */
  /**
   * Deletes what no limit reads any more, oldest first, in bounded batches per table (issue 32 §3,
   * src/jobs/batches.ts): a backlog takes several runs, each makes progress. Ended session families
   * go in smaller batches: their refresh tokens go with them (on delete cascade). How many per table.
   */
  async purgeExpired(
    db: Db,
    cutoffs: { sendsBefore: number; codesBefore: number; attemptsBefore: number; familiesBefore: number },
  ): Promise<Record<string, number>> {
    const batches = { batchSize: 2000, maxBatches: 10 };
    return {
      sms_send: await purgeInBatches(db, {
        table: 'sms_send',
        column: 'sent_at',
        before: cutoffs.sendsBefore,
        ...batches,
      }),
      sms_code: await purgeInBatches(db, {
        table: 'sms_code',
        column: 'expires_at',
        before: cutoffs.codesBefore,
        ...batches,
      }),
      password_attempt: await purgeInBatches(db, {
        table: 'password_attempt',
        column: 'at',
        before: cutoffs.attemptsBefore,
        ...batches,
      }),
      sms_code_failure: await purgeInBatches(db, {
        table: 'sms_code_failure',
        column: 'at',
        before: cutoffs.attemptsBefore,
        ...batches,
      }),
      session_family: await purgeInBatches(db, {
        table: 'session_family',
        column: 'expires_at',
        before: cutoffs.familiesBefore,
        batchSize: 200,
        maxBatches: 10,
      }),
    };
  },
};
