import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createStudentSession } from '../../../test-support/students.ts';
import { transportOf } from './helpers/auth.ts';
import { giveCoins } from './helpers/courses.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The student's reads version (migrations 0017 and 0018, the reply cache of
 * apps/server/src/http/student-cache.ts) under concurrent writes: bumped in the transaction of the
 * write, it must never make two transactions of one student wait on each other.
 */

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

async function versionOf(t: TestApp, studentId: number): Promise<number> {
  const row = await t.db
    .selectFrom('student_reads_version')
    .select('version')
    .where('student_id', '=', studentId)
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}

describe("the student's reads version under concurrent writes", () => {
  it('lets two transactions that lock the student’s rows in opposite orders both commit', async () => {
    const t = await createTestApp();
    const s = await createStudentSession(transportOf(t));
    await giveCoins(t.db, t.app.wallet, s.studentId, 100);
    const before = await versionOf(t, s.studentId);
    const coinsBefore = Number(
      (
        await t.db
          .selectFrom('wallet')
          .select('coins')
          .where('student_id', '=', s.studentId)
          .executeTakeFirstOrThrow()
      ).coins,
    );
    const addCoin = (trx: typeof t.db) =>
      trx
        .updateTable('wallet')
        .set({ coins: sql`coins + 1` })
        .where('student_id', '=', s.studentId)
        .execute();
    // One transaction writes the student's profile, then the wallet (a recharge's order, then the
    // credit); the other the wallet, then a ledger entry (a booking's debit, then its class).
    const profileFirst = async (trx: typeof t.db, between: () => Promise<void>) => {
      await trx.updateTable('student').set({ nick: 'Concurrent' }).where('id', '=', s.studentId).execute();
      await between();
      await addCoin(trx);
    };
    const walletFirst = async (trx: typeof t.db, between: () => Promise<void>) => {
      const added = addCoin(trx);
      await between();
      await added;
      await trx
        .insertInto('coin_log')
        .values({
          student_id: s.studentId,
          type: 1,
          amount: 1,
          balance_after: coinsBefore + 2,
          remark: 'concurrent',
          created_at: Date.now(),
        })
        .execute();
    };
    if (t.dialect === 'postgres') {
      // Interleaved on two connections: the profile is written first; the wallet is then locked by
      // the other transaction, which the first then waits for. Bumped at once, the version row
      // would be a lock the first held and the second waited for: a cycle PostgreSQL breaks by
      // aborting one of them (40P01).
      const profileWritten = gate();
      const walletLocked = gate();
      const first = t.db.transaction().execute((trx) =>
        profileFirst(trx, async () => {
          profileWritten.open();
          await walletLocked.opened;
        }),
      );
      const second = t.db.transaction().execute(async (trx) => {
        await profileWritten.opened;
        await walletFirst(trx, async () => {
          // The wallet's update has been sent; the pause lets it take the wallet's lock (or, were the
          // version bumped at once, wait for the version row the other holds) before the other goes
          // on to the wallet and waits for this one.
          await pause(300);
          walletLocked.open();
          await pause(300);
        });
      });
      await Promise.all([first, second]);
      // Bumped once per transaction, at its commit.
      expect(await versionOf(t, s.studentId)).toBe(before + 2);
    } else {
      // SQLite runs one writer at a time: the two transactions run one after the other.
      await t.db.transaction().execute((trx) => profileFirst(trx, async () => undefined));
      await t.db.transaction().execute((trx) => walletFirst(trx, async () => undefined));
      expect(await versionOf(t, s.studentId)).toBeGreaterThan(before);
    }
    const after = await t.db
      .selectFrom('wallet')
      .select('coins')
      .where('student_id', '=', s.studentId)
      .executeTakeFirstOrThrow();
    expect(Number(after.coins)).toBe(coinsBefore + 2);
  });

  it('bumps with the commit only: a rolled-back write leaves the version as it was', async () => {
    const t = await createTestApp();
    const s = await createStudentSession(transportOf(t));
    const before = await versionOf(t, s.studentId);
    await expect(
      t.db.transaction().execute(async (trx) => {
        await trx.updateTable('student').set({ nick: 'Rolled back' }).where('id', '=', s.studentId).execute();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await versionOf(t, s.studentId)).toBe(before);
    await t.db.updateTable('student').set({ nick: 'Kept' }).where('id', '=', s.studentId).execute();
    expect(await versionOf(t, s.studentId)).toBeGreaterThan(before);
  });
});
