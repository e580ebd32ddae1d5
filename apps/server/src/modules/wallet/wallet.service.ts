import type { CardLogType, CoinLogType } from '@app/contract/enums';
import type { Page } from '@app/contract/paging';
import type {
  CardLog,
  CardLogsQuery,
  CoinBalance,
  CoinLog,
  CoinLogsQuery,
  LessonCard,
} from '@app/contract/wallet';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { mapPage } from '../../db/paging.ts';
import { iso } from '../../db/time.ts';
import type { Trx } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { walletRepository as repo, type CardListRow, type CardRow } from './wallet.repository.ts';

/** A lesson card as the wallet reads it (booking checks which card pays for a class). */
export type { CardRow };

export type WalletServiceDeps = { db: Db; clock: Clock };

/** Coin entries that add coins, and those that take them (SPEC.md §3 coin log types). */
export type CoinCreditType = Extract<CoinLogType, 100 | 300 | 600 | 700 | 800>;
export type CoinDebitType = Extract<CoinLogType, 200 | 500>;
/** Card entries that add lessons: 1 recharge and 7 compensation grow the card; 3 gives a lesson back. */
export type CardCreditType = Extract<CardLogType, 1 | 3 | 7>;

export type CoinEntry = {
  studentId: number;
  amount: number;
  courseId?: number | null;
  orderNo?: string | null;
  remark?: string;
};

export type CoinDebitResult = { debited: true; balanceAfter: number } | { debited: false; balance: number };

function positive(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new Error(`A ledger amount must be a positive integer, got ${amount}`);
  }
}

function toCard(r: CardListRow, now: number): LessonCard {
  return {
    id: r.id,
    type: r.type,
    teacher:
      r.teacher_id === null
        ? null
        : { id: r.teacher_id, name: r.teacher_name ?? '', avatar: r.teacher_avatar ?? '' },
    lessons_total: r.lessons_total,
    lessons_left: r.lessons_left,
    expires_at: iso(Number(r.expires_at)),
    usable: r.lessons_left > 0 && Number(r.expires_at) > now,
    created_at: iso(Number(r.created_at)),
  };
}

/**
 * The wallet (DESIGN.md §7 "Wallet"): coins and lesson cards change only through append-only
 * ledger entries (coin log 100-800, card log 1, 2, 3, 6, 7), each written in the caller's
 * transaction together with the change it records, with the balance after it. Each change is one
 * conditional statement (`coins >= amount`, `lessons_left > 0 and not expired`) that returns the
 * value after it and, by writing the row, locks it until the transaction ends; so a balance can never
 * go below zero and always equals the sum of its entries, whatever runs at the same time. A caller
 * whose rules read several rows before it pays (a booking: overlap, 20 upcoming classes, the
 * balance; a cancellation) first takes `lock`, the student's wallet row lock, once: the student's
 * such transactions then run one at a time on PostgreSQL (SQLite runs one writer at a time anyway).
 * Writes take the transaction (`trx`) of the caller: a booking, a cancellation, a payment.
 */
export function createWalletService(deps: WalletServiceDeps) {
  const { db, clock } = deps;

  async function lock(trx: Trx, studentId: number): Promise<void> {
    await repo.lock(trx, studentId, clock.now());
  }

  async function writeCoins(trx: Trx, type: CoinLogType, delta: number, entry: CoinEntry) {
    const now = clock.now();
    const balanceAfter =
      delta > 0
        ? await repo.addCoins(trx, entry.studentId, delta, now)
        : await repo.takeCoins(trx, entry.studentId, -delta, now);
    if (balanceAfter === undefined) return undefined;
    await repo.insertCoinLog(trx, {
      student_id: entry.studentId,
      type,
      amount: delta,
      balance_after: balanceAfter,
      course_id: entry.courseId ?? null,
      order_no: entry.orderNo ?? null,
      remark: entry.remark ?? '',
      created_at: now,
    });
    return balanceAfter;
  }

  async function writeLessons(
    trx: Trx,
    studentId: number,
    cardId: number,
    type: CardLogType,
    delta: number,
    options: { courseId?: number | null; remark?: string; grow?: boolean },
  ) {
    const now = clock.now();
    const lessonsAfter =
      type === 2
        ? await repo.takeLesson(trx, studentId, cardId, now)
        : await repo.addLessons(trx, studentId, cardId, delta, options.grow ?? false);
    if (lessonsAfter === undefined) return undefined;
    await repo.insertCardLog(trx, {
      card_id: cardId,
      student_id: studentId,
      type,
      amount: delta,
      lessons_after: lessonsAfter,
      course_id: options.courseId ?? null,
      remark: options.remark ?? '',
      created_at: now,
    });
    return lessonsAfter;
  }

  return {
    /** Locks the student's wallet row for the rest of the transaction (creating it when missing). */
    lock,

    // ---- coins -----------------------------------------------------------------------------------

    /** Adds coins with a ledger entry (creating the wallet when missing); the balance after. */
    async creditCoins(trx: Trx, type: CoinCreditType, entry: CoinEntry): Promise<number> {
      positive(entry.amount);
      const after = await writeCoins(trx, type, entry.amount, entry);
      if (after === undefined) throw new Error(`Wallet of student ${entry.studentId} not credited`);
      return after;
    },

    /** Takes coins with a ledger entry unless the balance is short; never below zero. */
    async debitCoins(trx: Trx, type: CoinDebitType, entry: CoinEntry): Promise<CoinDebitResult> {
      positive(entry.amount);
      const after = await writeCoins(trx, type, -entry.amount, entry);
      if (after !== undefined) return { debited: true, balanceAfter: after };
      // The row is locked by this transaction: the balance read here is the one that was short.
      return { debited: false, balance: await repo.coins(trx, entry.studentId) };
    },

    /** Coin log 400: sets the balance to zero with one entry of minus the balance (nothing when already zero). */
    async clearCoins(trx: Trx, studentId: number, remark = ''): Promise<number> {
      await lock(trx, studentId);
      // Read under the row lock this transaction holds: nothing can change it before the update.
      const coins = await repo.coins(trx, studentId);
      if (coins > 0) await writeCoins(trx, 400, -coins, { studentId, amount: coins, remark });
      return coins;
    },

    async balance(dbOrTrx: Db, studentId: number): Promise<number> {
      return repo.coins(dbOrTrx, studentId);
    },

    // ---- lesson cards ----------------------------------------------------------------------------

    /** A new card with its recharge entry (card log 1); its id. */
    async issueCard(
      trx: Trx,
      card: {
        studentId: number;
        type: 100 | 200;
        teacherId: number | null;
        lessons: number;
        expiresAt: number;
        remark?: string;
      },
    ): Promise<number> {
      positive(card.lessons);
      if ((card.type === 100) !== (card.teacherId !== null)) {
        throw new Error('An exclusive-teacher card (100) is bound to one teacher; a type 200 card to none');
      }
      const now = clock.now();
      await repo.lock(trx, card.studentId, now);
      const cardId = await repo.insertCard(trx, {
        student_id: card.studentId,
        type: card.type,
        teacher_id: card.teacherId,
        lessons: card.lessons,
        expires_at: card.expiresAt,
        created_at: now,
      });
      await repo.insertCardLog(trx, {
        card_id: cardId,
        student_id: card.studentId,
        type: 1,
        amount: card.lessons,
        lessons_after: card.lessons,
        course_id: null,
        remark: card.remark ?? '',
        created_at: now,
      });
      return cardId;
    },

    /** The student's card (owner-scoped), or undefined. */
    findCard(dbOrTrx: Db, studentId: number, cardId: number): Promise<CardRow | undefined> {
      return repo.findCardOf(dbOrTrx, studentId, cardId);
    },

    /** The student's cards of these types that can pay now for `teacherId`, soonest expiry first. */
    usableCards(trx: Trx, studentId: number, types: number[], teacherId: number): Promise<CardRow[]> {
      return repo.usableCards(trx, studentId, types, teacherId, clock.now());
    },

    /** Card log 2: one lesson for a class, when the card is the student's, not expired, with lessons left. */
    async takeCardLesson(
      trx: Trx,
      studentId: number,
      cardId: number,
      courseId: number | null,
    ): Promise<number | undefined> {
      return writeLessons(trx, studentId, cardId, 2, -1, { courseId });
    },

    /** Card log 1, 3 or 7: lessons added to the student's card; the lessons after. */
    async creditCardLessons(
      trx: Trx,
      type: CardCreditType,
      entry: { studentId: number; cardId: number; amount: number; courseId?: number | null; remark?: string },
    ): Promise<number> {
      positive(entry.amount);
      const after = await writeLessons(trx, entry.studentId, entry.cardId, type, entry.amount, {
        courseId: entry.courseId ?? null,
        remark: entry.remark ?? '',
        // A refund (3) gives a lesson back; a recharge (1) or compensation (7) is a lesson more.
        grow: type !== 3,
      });
      if (after === undefined) throw AppError.notFound('wallet.cardNotFound');
      return after;
    },

    /** Card log 6 (operator): takes lessons unless fewer are left; the lessons after, or undefined. */
    async deductCardLessons(
      trx: Trx,
      entry: { studentId: number; cardId: number; amount: number; remark?: string },
    ): Promise<number | undefined> {
      positive(entry.amount);
      return writeLessons(trx, entry.studentId, entry.cardId, 6, -entry.amount, {
        remark: entry.remark ?? '',
      });
    },

    // ---- reads (GET /user/coins/*, /user/cards/*) ------------------------------------------------

    async getCoinBalance(studentId: number): Promise<CoinBalance> {
      return { coins: await repo.coins(db, studentId) };
    },

    async getCoinLogs(studentId: number, query: CoinLogsQuery): Promise<Page<CoinLog>> {
      const page = await repo.coinLogPage(db, studentId, query.type, query);
      return mapPage(page, (r) => ({ ...r, created_at: iso(Number(r.created_at)) }));
    },

    async getCardList(studentId: number): Promise<LessonCard[]> {
      const now = clock.now();
      return (await repo.listCards(db, studentId, now)).map((r) => toCard(r, now));
    },

    /** The balances of the students of `ids`, by id. */
    getCoinBalances(ids: readonly number[]): Promise<Map<number, number>> {
      return repo.coinsOfStudents(db, ids);
    },

    /** The card lists of the students of `ids`, by id. */
    async getCardLists(ids: readonly number[]): Promise<Map<number, LessonCard[]>> {
      const now = clock.now();
      const lists = new Map<number, LessonCard[]>();
      for (const [id, rows] of await repo.cardsOfStudents(db, ids, now)) {
        lists.set(
          id,
          rows.map((r) => toCard(r, now)),
        );
      }
      return lists;
    },

    /** Another student's card is a 404, like one that does not exist (DESIGN.md §7). */
    async getCardLogs(studentId: number, query: CardLogsQuery): Promise<Page<CardLog>> {
      const cardId = query.card_id;
      if (cardId !== undefined && !(await repo.findCardOf(db, studentId, cardId))) {
        throw AppError.notFound('wallet.cardNotFound');
      }
      const page = await repo.cardLogPage(db, studentId, cardId, query);
      return mapPage(page, (r) => ({ ...r, created_at: iso(Number(r.created_at)) }));
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
