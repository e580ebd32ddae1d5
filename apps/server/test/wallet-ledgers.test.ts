import { describe, expect, it } from 'vitest';
import { CODES } from '@app/contract/codes';
import { withTransaction } from '../src/db/transaction.ts';
import { ledgerViolations } from '../src/ops/ledger-audit.ts';
import { createTeacher } from './helpers/factories.ts';
import {
  DAY,
  cardLogsOf,
  coinLogsOf,
  createStudent,
  expectLedgersWhole,
  expectRefusal,
  giveCard,
  giveCoins,
  servicesAt,
} from './helpers/courses.ts';

const NOW = Date.UTC(2026, 10, 16, 2, 0);

const setup = () => servicesAt(NOW);

describe('coins', () => {
  it('credits and debits through ledger entries that carry the balance after them', async () => {
    const { db, wallet } = await setup();
    const student = await createStudent(db);
    expect(await wallet.getCoinBalance(student)).toEqual({ coins: 0 });
    expect(await giveCoins(db, wallet, student, 300)).toBe(300);
    const debit = await withTransaction(db, (trx) =>
      wallet.debitCoins(trx, 500, { studentId: student, amount: 90 }),
    );
    expect(debit).toEqual({ debited: true, balanceAfter: 210 });
    await withTransaction(db, (trx) =>
      wallet.creditCoins(trx, 800, { studentId: student, amount: 5, remark: 'gift' }),
    );
    expect(await wallet.getCoinBalance(student)).toEqual({ coins: 215 });
    expect(await coinLogsOf(db, student)).toEqual([
      { type: 300, amount: 300, balance_after: 300, course_id: null },
      { type: 500, amount: -90, balance_after: 210, course_id: null },
      { type: 800, amount: 5, balance_after: 215, course_id: null },
    ]);
    await expectLedgersWhole(db);
  });

  it('refuses a debit larger than the balance and writes nothing', async () => {
    const { db, wallet } = await setup();
    const student = await createStudent(db);
    await giveCoins(db, wallet, student, 50);
    const result = await withTransaction(db, (trx) =>
      wallet.debitCoins(trx, 500, { studentId: student, amount: 51 }),
    );
    expect(result).toEqual({ debited: false, balance: 50 });
    expect(await wallet.getCoinBalance(student)).toEqual({ coins: 50 });
    expect(await coinLogsOf(db, student)).toHaveLength(1);
    await expectLedgersWhole(db);
  });

  it('never goes below zero under concurrent debits: 20 debits of 10 from 100 → exactly 10 succeed', async () => {
    const { db, wallet } = await setup();
    const student = await createStudent(db);
    await giveCoins(db, wallet, student, 100);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        withTransaction(db, (trx) => wallet.debitCoins(trx, 500, { studentId: student, amount: 10 })),
      ),
    );
    expect(results.filter((r) => r.debited)).toHaveLength(10);
    expect(await wallet.getCoinBalance(student)).toEqual({ coins: 0 });
    await expectLedgersWhole(db);
  });

  it('clears the balance with one entry of minus the balance (log 400)', async () => {
    const { db, wallet } = await setup();
    const student = await createStudent(db);
    await giveCoins(db, wallet, student, 70);
    expect(await withTransaction(db, (trx) => wallet.clearCoins(trx, student, 'expired'))).toBe(70);
    expect(await withTransaction(db, (trx) => wallet.clearCoins(trx, student))).toBe(0);
    expect((await coinLogsOf(db, student)).map((l) => [l.type, l.amount, l.balance_after])).toEqual([
      [300, 70, 70],
      [400, -70, 0],
    ]);
    await expectLedgersWhole(db);
  });

  it('rolls a debit and its entry back together when the transaction fails', async () => {
    const { db, wallet } = await setup();
    const student = await createStudent(db);
    await giveCoins(db, wallet, student, 100);
    await expect(
      withTransaction(db, async (trx) => {
        await wallet.debitCoins(trx, 500, { studentId: student, amount: 60 });
        throw new Error('booking failed later');
      }),
    ).rejects.toThrow('booking failed later');
    expect(await wallet.getCoinBalance(student)).toEqual({ coins: 100 });
    expect(await coinLogsOf(db, student)).toHaveLength(1);
  });

  it('refuses amounts that are not positive integers (a programming error, never a ledger entry)', async () => {
    const { db, wallet } = await setup();
    const student = await createStudent(db);
    for (const amount of [0, -5, 1.5]) {
      await expect(
        withTransaction(db, (trx) => wallet.creditCoins(trx, 300, { studentId: student, amount })),
      ).rejects.toThrow('positive integer');
    }
    expect(await coinLogsOf(db, student)).toEqual([]);
  });

  it('lists coin entries newest first, paged, filtered by type, and only the student’s own', async () => {
    const { db, wallet } = await setup();
    const student = await createStudent(db);
    const other = await createStudent(db);
    await giveCoins(db, wallet, other, 999);
    for (let i = 1; i <= 5; i++) await giveCoins(db, wallet, student, i * 10);
    await withTransaction(db, (trx) => wallet.debitCoins(trx, 500, { studentId: student, amount: 20 }));
    const first = await wallet.getCoinLogs(student, { current: 1, size: 4 });
    expect(first.total).toBe(6);
    expect(first.records.map((r) => r.amount)).toEqual([-20, 50, 40, 30]);
    expect(first.records[0]).toMatchObject({ type: 500, balance_after: 130, order_no: null });
    expect(first.records[0]!.created_at).toBe(new Date(NOW).toISOString());
    const second = await wallet.getCoinLogs(student, { current: 2, size: 4 });
    expect(second.records.map((r) => r.amount)).toEqual([20, 10]);
    const recharges = await wallet.getCoinLogs(student, { current: 1, size: 10, type: 300 });
    expect(recharges.total).toBe(5);
    expect(recharges.records.every((r) => r.type === 300)).toBe(true);
  });

  it('keeps each student’s totals in a tally that every insert and delete of an entry updates, checked by the ledger audit', async () => {
    const { db, wallet } = await setup();
    const student = await createStudent(db);
    for (let i = 1; i <= 3; i++) await giveCoins(db, wallet, student, i * 10);
    await withTransaction(db, (trx) => wallet.debitCoins(trx, 500, { studentId: student, amount: 20 }));
    const total = async (type?: Parameters<typeof wallet.getCoinLogs>[1]['type']) =>
      (await wallet.getCoinLogs(student, { current: 1, size: 1, ...(type ? { type } : {}) })).total;
    expect([await total(), await total(300), await total(500), await total(800)]).toEqual([4, 3, 1, 0]);

    // An entry written outside the wallet (the ops CLI, a seed) and one deleted are counted too.
    const entry = await db
      .insertInto('coin_log')
      .values({ student_id: student, type: 800, amount: 0, balance_after: 40, created_at: NOW })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect([await total(), await total(800)]).toEqual([5, 1]);
    await db.deleteFrom('coin_log').where('id', '=', entry.id).execute();
    expect([await total(), await total(800)]).toEqual([4, 0]);
    await expectLedgersWhole(db);

    // A tally that disagrees with the entries is a violation the audit names.
    await db
      .updateTable('coin_log_tally')
      .set((eb) => ({ entries: eb('entries', '+', 1) }))
      .where('student_id', '=', student)
      .where('type', '=', 300)
      .execute();
    expect(await ledgerViolations(db)).toEqual([`coin_log_tally ${student}/300: 4 ≠ 3 entries`]);
  });
});

describe('lesson cards', () => {
  it('issues a card with a recharge entry and takes lessons until none are left', async () => {
    const { db, wallet } = await setup();
    const student = await createStudent(db);
    const card = await giveCard(db, wallet, student, { type: 200, lessons: 2, expiresAt: NOW + 30 * DAY });
    const taken = await withTransaction(db, async (trx) => {
      const a = await wallet.takeCardLesson(trx, student, card, null);
      const b = await wallet.takeCardLesson(trx, student, card, null);
      const c = await wallet.takeCardLesson(trx, student, card, null);
      return [a, b, c];
    });
    expect(taken).toEqual([1, 0, undefined]);
    expect((await cardLogsOf(db, card)).map((l) => [l.type, l.amount, l.lessons_after])).toEqual([
      [1, 2, 2],
      [2, -1, 1],
      [2, -1, 0],
    ]);
    await expectLedgersWhole(db);
  });

  it('takes no lesson from an expired card or from another student’s card', async () => {
    const { db, wallet, clock } = await setup();
    const student = await createStudent(db);
    const other = await createStudent(db);
    const card = await giveCard(db, wallet, student, { type: 200, lessons: 5, expiresAt: NOW + DAY });
    expect(await withTransaction(db, (trx) => wallet.takeCardLesson(trx, other, card, null))).toBeUndefined();
    clock.set(NOW + DAY);
    expect(
      await withTransaction(db, (trx) => wallet.takeCardLesson(trx, student, card, null)),
    ).toBeUndefined();
    expect(await cardLogsOf(db, card)).toHaveLength(1);
  });

  it('gives a lesson back without growing the card (log 3), compensates by growing it (log 7), deducts (log 6) never below zero', async () => {
    const { db, wallet } = await setup();
    const student = await createStudent(db);
    const card = await giveCard(db, wallet, student, { type: 200, lessons: 1, expiresAt: NOW + DAY });
    await withTransaction(db, (trx) => wallet.takeCardLesson(trx, student, card, null));
    await withTransaction(db, (trx) =>
      wallet.creditCardLessons(trx, 3, { studentId: student, cardId: card, amount: 1 }),
    );
    await withTransaction(db, (trx) =>
      wallet.creditCardLessons(trx, 7, { studentId: student, cardId: card, amount: 1 }),
    );
    const [row] = await wallet.getCardList(student);
    expect(row).toMatchObject({ lessons_total: 2, lessons_left: 2, usable: true });
    expect(
      await withTransaction(db, (trx) =>
        wallet.deductCardLessons(trx, { studentId: student, cardId: card, amount: 3 }),
      ),
    ).toBeUndefined();
    expect(
      await withTransaction(db, (trx) =>
        wallet.deductCardLessons(trx, { studentId: student, cardId: card, amount: 2 }),
      ),
    ).toBe(0);
    expect((await cardLogsOf(db, card)).map((l) => [l.type, l.amount, l.lessons_after])).toEqual([
      [1, 1, 1],
      [2, -1, 0],
      [3, 1, 1],
      [7, 1, 2],
      [6, -2, 0],
    ]);
    await expectLedgersWhole(db);
  });

  it('lists the student’s cards, usable first by soonest expiry, exclusive ones with their teacher', async () => {
    const { db, wallet } = await setup();
    const student = await createStudent(db);
    const teacher = await createTeacher(db, { name: 'Ada Park' });
    const late = await giveCard(db, wallet, student, { type: 200, expiresAt: NOW + 60 * DAY });
    const soon = await giveCard(db, wallet, student, {
      type: 100,
      teacherId: teacher,
      expiresAt: NOW + 10 * DAY,
    });
    const expired = await giveCard(db, wallet, student, { type: 200, expiresAt: NOW - DAY });
    await giveCard(db, wallet, await createStudent(db), { type: 200, expiresAt: NOW + DAY });
    const list = await wallet.getCardList(student);
    expect(list.map((c) => [c.id, c.usable])).toEqual([
      [soon, true],
      [late, true],
      [expired, false],
    ]);
    expect(list[0]!.teacher).toMatchObject({ id: teacher, name: 'Ada Park' });
    expect(list[1]!.teacher).toBeNull();
  });

  it('lists card entries of one card or of all, and another student’s card is a 404', async () => {
    const { db, wallet } = await setup();
    const student = await createStudent(db);
    const other = await createStudent(db);
    const a = await giveCard(db, wallet, student, { type: 200, lessons: 3, expiresAt: NOW + DAY });
    const b = await giveCard(db, wallet, student, { type: 200, lessons: 4, expiresAt: NOW + DAY });
    const foreign = await giveCard(db, wallet, other, { type: 200, lessons: 5, expiresAt: NOW + DAY });
    const all = await wallet.getCardLogs(student, { current: 1, size: 10 });
    expect(all.records.map((r) => [r.card_id, r.amount, r.card_type])).toEqual([
      [b, 4, 200],
      [a, 3, 200],
    ]);
    const one = await wallet.getCardLogs(student, { current: 1, size: 10, card_id: a });
    expect(one.total).toBe(1);
    await expectRefusal(
      wallet.getCardLogs(student, { current: 1, size: 10, card_id: foreign }),
      CODES.NOT_FOUND,
      'wallet.cardNotFound',
    );
    await expectRefusal(
      wallet.getCardLogs(student, { current: 1, size: 10, card_id: 999_999 }),
      CODES.NOT_FOUND,
      'wallet.cardNotFound',
    );
  });
});
