import type { Page, PageQuery } from '@app/contract/paging';
import { sql, type Selectable } from 'kysely';
import type { CardLogTable, CoinLogTable, Db, LessonCardTable } from '../../db/database.ts';
import { pageLimit, pageOf } from '../../db/paging.ts';
import { prepared, preparedForStudents, preparedPage, type Arg } from '../../db/prepared.ts';

/**
 * All SQL of the wallet (coins, lesson cards, both ledgers). Every method accepts a transaction as
 * `db`. Balances change only through the conditional statements here, each returning the value
 * after the change, so the service writes the matching ledger entry in the same transaction
 * (DESIGN.md §7 "Wallet", STYLE.md §5-§6).
 */

/** A coin ledger entry as the student's list reads it (whose it is, the list already knows). */
export type CoinLogRow = Omit<Selectable<CoinLogTable>, 'student_id'>;

export type CardRow = Selectable<LessonCardTable>;

export type CardListRow = CardRow & {
  teacher_name: string | null;
  teacher_avatar: string | null;
};

/** A card ledger entry as the student's list reads it, with its card's type. */
export type CardLogRow = Omit<Selectable<CardLogTable>, 'student_id'> & { card_type: number };

const cardColumns = [
  'c.id',
  'c.student_id',
  'c.type',
  'c.teacher_id',
  'c.lessons_total',
  'c.lessons_left',
  'c.expires_at',
  'c.created_at',
] as const;

/** The student's cards, the usable ones first, each by its expiry. */
function cardsQuery(db: Db, arg: Arg<{ studentId: number; now: number }>) {
  return db
    .selectFrom('lesson_card as c')
    .leftJoin('teacher as t', 't.id', 'c.teacher_id')
    .select([...cardColumns, 't.name as teacher_name', 't.avatar as teacher_avatar'])
    .where('c.student_id', '=', arg('studentId'))
    .orderBy(
      sql`case when ${sql.ref('c.lessons_left')} > 0 and ${sql.ref('c.expires_at')} > ${arg('now')} then 0 else 1 end`,
    )
    .orderBy('c.expires_at')
    .orderBy('c.id');
}

const cardsOf = prepared(cardsQuery);
const cardsOfStudents = preparedForStudents(cardsQuery);

// ---- the statements of every coin payment, prepared (db/prepared.ts): built and compiled once ------

const lockWallet = prepared((db, arg: Arg<{ studentId: number; now: number }>) =>
  db
    .insertInto('wallet')
    .values({ student_id: arg('studentId'), coins: 0, version: 0, updated_at: arg('now') })
    .onConflict((oc) =>
      oc.column('student_id').doUpdateSet((eb) => ({ version: eb('wallet.version', '+', 1) })),
    ),
);

const takeCoinsIfEnough = prepared((db, arg: Arg<{ studentId: number; amount: number; now: number }>) =>
  db
    .updateTable('wallet')
    .set((eb) => ({ coins: eb('coins', '-', arg('amount')), updated_at: arg('now') }))
    .where('student_id', '=', arg('studentId'))
    .where('coins', '>=', arg('amount'))
    .returning('coins'),
);

type NewCoinLog = Omit<Selectable<CoinLogTable>, 'id'>;

const insertCoinLogRow = prepared((db, arg: Arg<NewCoinLog>) =>
  db
    .insertInto('coin_log')
    .values({
      student_id: arg('student_id'),
      type: arg('type'),
      amount: arg('amount'),
      balance_after: arg('balance_after'),
      course_id: arg('course_id'),
      order_no: arg('order_no'),
      remark: arg('remark'),
      created_at: arg('created_at'),
    })
    .returning('id'),
);

// ---- the student's reads (issue 36), prepared ------------------------------------------------------

function coinsQuery(db: Db, arg: Arg<{ studentId: number }>) {
  return db.selectFrom('wallet').select('coins').where('student_id', '=', arg('studentId'));
}

const coinsOf = prepared(coinsQuery);
const coinsOfStudents = preparedForStudents(coinsQuery);

const COIN_LOG_COLUMNS = [
  'id',
  'type',
  'amount',
  'balance_after',
  'course_id',
  'order_no',
  'remark',
  'created_at',
] as const;

type CoinLogPageArgs = { studentId: number; offset: number };

/**
 * The student's entries, from the tally the triggers keep (migration 0020): a row per type the
 * student has, whatever the length of the history.
 */
const coinLogCount = prepared((db, arg: Arg<{ studentId: number }>) =>
  db
    .selectFrom('coin_log_tally')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('entries'), eb.lit(0)).as('n'))
    .where('student_id', '=', arg('studentId')),
);

const coinLogRows = preparedPage((db, arg: Arg<CoinLogPageArgs>, limit) =>
  db
    .selectFrom('coin_log')
    .select(COIN_LOG_COLUMNS)
    .where('student_id', '=', arg('studentId'))
    .orderBy('id', 'desc')
    .limit(pageLimit(limit))
    .offset(arg('offset')),
);

const coinLogOfTypeCount = prepared((db, arg: Arg<{ studentId: number; type: number }>) =>
  db
    .selectFrom('coin_log_tally')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('entries'), eb.lit(0)).as('n'))
    .where('student_id', '=', arg('studentId'))
    .where('type', '=', arg('type')),
);

const coinLogOfTypeRows = preparedPage((db, arg: Arg<CoinLogPageArgs & { type: number }>, limit) =>
  db
    .selectFrom('coin_log')
    .select(COIN_LOG_COLUMNS)
    .where('student_id', '=', arg('studentId'))
    .where('type', '=', arg('type'))
    .orderBy('id', 'desc')
    .limit(pageLimit(limit))
    .offset(arg('offset')),
);

export const walletRepository = {
  /**
   * Creates the student's wallet row when missing or bumps its version, in one statement: inside a
   * transaction this takes the row lock that serializes the student's money transactions on
   * PostgreSQL (an upsert locks the row it inserts or updates; SQLite serializes every writer anyway).
   */
  async lock(db: Db, studentId: number, now: number): Promise<void> {
    await lockWallet(db, { studentId, now });
  },

  async coins(db: Db, studentId: number): Promise<number> {
    const row = (await coinsOf(db, { studentId })).rows[0];
    return row ? Number(row.coins) : 0;
  },

  /** The balances of the students of `ids`, by id (0 without a wallet). */
  async coinsOfStudents(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
    const balances = new Map<number, number>();
    for (const [id, [row]] of await coinsOfStudents(db, ids, {}))
      balances.set(id, row ? Number(row.coins) : 0);
    return balances;
  },

  /**
   * Adds `amount` (> 0) coins, creating the wallet row when missing; the balance after. One
   * statement that writes, and so locks, the row until the transaction ends.
   */
  async addCoins(db: Db, studentId: number, amount: number, now: number): Promise<number> {
    const row = await db
      .insertInto('wallet')
      .values({ student_id: studentId, coins: amount, version: 0, updated_at: now })
      .onConflict((oc) =>
        oc.column('student_id').doUpdateSet((eb) => ({
          coins: eb('wallet.coins', '+', amount),
          updated_at: now,
        })),
      )
      .returning('coins')
      .executeTakeFirstOrThrow();
    return Number(row.coins);
  },

  /**
   * Takes `amount` (> 0) coins unless the balance is short; the balance after, or undefined when
   * refused (a missing wallet holds nothing). The conditional update decides and locks the row.
   */
  async takeCoins(db: Db, studentId: number, amount: number, now: number): Promise<number | undefined> {
    const row = (await takeCoinsIfEnough(db, { studentId, amount, now })).rows[0];
    return row ? Number(row.coins) : undefined;
  },

  async insertCoinLog(db: Db, entry: NewCoinLog): Promise<number> {
    return (await insertCoinLogRow(db, entry)).rows[0]!.id;
  },

  /** A page of a student's coin entries, newest first (ids grow with time). */
  async coinLogPage(
    db: Db,
    studentId: number,
    type: number | undefined,
    page: PageQuery,
  ): Promise<Page<CoinLogRow>> {
    const args = { studentId, offset: (page.current - 1) * page.size };
    const [total, records] = await Promise.all(
      type === undefined
        ? [coinLogCount(db, args), coinLogRows(db, page.size, args)]
        : [coinLogOfTypeCount(db, { ...args, type }), coinLogOfTypeRows(db, page.size, { ...args, type })],
    );
    return { records: records.rows, total: Number(total.rows[0]!.n), current: page.current, size: page.size };
  },

  // Lesson cards ---------------------------------------------------------------------------------

  async insertCard(
    db: Db,
    card: {
      student_id: number;
      type: number;
      teacher_id: number | null;
      lessons: number;
      expires_at: number;
      created_at: number;
    },
  ): Promise<number> {
    const row = await db
      .insertInto('lesson_card')
      .values({
        student_id: card.student_id,
        type: card.type,
        teacher_id: card.teacher_id,
        lessons_total: card.lessons,
        lessons_left: card.lessons,
        expires_at: card.expires_at,
        created_at: card.created_at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  /** The student's card, or undefined when it does not exist or belongs to someone else. */
  findCardOf(db: Db, studentId: number, cardId: number): Promise<CardRow | undefined> {
    return db
      .selectFrom('lesson_card as c')
      .select(cardColumns)
      .where('c.id', '=', cardId)
      .where('c.student_id', '=', studentId)
      .executeTakeFirst();
  },

  /** Cards of the types given, not expired, with lessons left; exclusive cards bound to the teacher only. Soonest expiry first. */
  usableCards(
    db: Db,
    studentId: number,
    types: number[],
    teacherId: number,
    now: number,
  ): Promise<CardRow[]> {
    if (types.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('lesson_card as c')
      .select(cardColumns)
      .where('c.student_id', '=', studentId)
      .where('c.type', 'in', types)
      .where('c.lessons_left', '>', 0)
      .where('c.expires_at', '>', now)
      .where((eb) => eb.or([eb('c.type', '<>', 100), eb('c.teacher_id', '=', teacherId)]))
      .orderBy('c.expires_at')
      .orderBy('c.id')
      .execute();
  },

  /** Takes one lesson when the card is the student's, not expired and has lessons left; lessons after, or undefined. */
  async takeLesson(db: Db, studentId: number, cardId: number, now: number): Promise<number | undefined> {
    const row = await db
      .updateTable('lesson_card')
      .set((eb) => ({ lessons_left: eb('lessons_left', '-', 1) }))
      .where('id', '=', cardId)
      .where('student_id', '=', studentId)
      .where('lessons_left', '>', 0)
      .where('expires_at', '>', now)
      .returning('lessons_left')
      .executeTakeFirst();
    return row ? Number(row.lessons_left) : undefined;
  },

  /**
   * Adds `delta` lessons (negative to take, refused below zero); `grow` also raises lessons_total
   * (lessons the card gained, not lessons given back). Lessons after, or undefined when refused.
   */
  async addLessons(
    db: Db,
    studentId: number,
    cardId: number,
    delta: number,
    grow: boolean,
  ): Promise<number | undefined> {
    const row = await db
      .updateTable('lesson_card')
      .set((eb) => ({
        lessons_left: eb('lessons_left', '+', delta),
        ...(grow ? { lessons_total: eb('lessons_total', '+', delta) } : {}),
      }))
      .where('id', '=', cardId)
      .where('student_id', '=', studentId)
      .where('lessons_left', '>=', Math.max(0, -delta))
      .returning('lessons_left')
      .executeTakeFirst();
    return row ? Number(row.lessons_left) : undefined;
  },

  async insertCardLog(
    db: Db,
    entry: {
      card_id: number;
      student_id: number;
      type: number;
      amount: number;
      lessons_after: number;
      course_id: number | null;
      remark: string;
      created_at: number;
    },
  ): Promise<number> {
    const row = await db.insertInto('card_log').values(entry).returning('id').executeTakeFirstOrThrow();
    return row.id;
  },

  /** Every card of a student: usable ones first by soonest expiry, then the rest, newest first. */
  async listCards(db: Db, studentId: number, now: number): Promise<CardListRow[]> {
    return (await cardsOf(db, { studentId, now })).rows;
  },

  /** `listCards` for each of `ids`, by id (one statement for them all on PostgreSQL). */
  cardsOfStudents(db: Db, ids: readonly number[], now: number): Promise<Map<number, CardListRow[]>> {
    return cardsOfStudents(db, ids, { now });
  },

  /** A page of a student's card entries (of one card when asked), newest first. */
  cardLogPage(
    db: Db,
    studentId: number,
    cardId: number | undefined,
    page: PageQuery,
  ): Promise<Page<CardLogRow>> {
    return pageOf(
      db
        .selectFrom('card_log as l')
        .innerJoin('lesson_card as c', 'c.id', 'l.card_id')
        .select([
          'l.id',
          'l.card_id',
          'c.type as card_type',
          'l.type',
          'l.amount',
          'l.lessons_after',
          'l.course_id',
          'l.remark',
          'l.created_at',
        ])
        .where('l.student_id', '=', studentId)
        .$if(cardId !== undefined, (q) => q.where('l.card_id', '=', cardId!))
        .orderBy('l.id', 'desc'),
      page,
    );
  },
};
