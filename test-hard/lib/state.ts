import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/db/database.ts';

/**
 * A fingerprint of the business state a refused request must not change: students' profiles and
 * passwords, wallets and ledgers, cards, classes and slots, reviews, orders and payments,
 * favourites, complaints, courseware, calendar tokens. Row counts and sums where tables are large;
 * a hash of the rows where a single changed field matters (profiles).
 *
 * Left out on purpose, because refusing a request is *meant* to write them (DESIGN.md §7): the
 * security counters (SMS sends and code tries, password attempts), session families (presenting a
 * rotated refresh token revokes its family and answers 401), idempotency records (a business
 * refusal is stored with its key, so the same key replays it) and the payment event log (a rejected
 * notification is logged for review).
 */
export async function businessState(db: Db): Promise<Record<string, number | string>> {
  const num = (v: unknown) => Number(v ?? 0);
  const count = async (
    table:
      | 'coin_log'
      | 'card_log'
      | 'course_review'
      | 'teacher_review'
      | 'sandbox_payment'
      | 'favourite_teacher'
      | 'feedback'
      | 'courseware_item',
  ) => {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(
      db,
    );
    return num(rows[0]?.n);
  };
  const [wallet, cards, courses, orders, slots, students, calendar] = await Promise.all([
    db
      .selectFrom('wallet')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('coins').as('coins')])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('lesson_card')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('lessons_left').as('left')])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('course')
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>('status').as('status'),
        eb.fn.sum<number>('late_cancel').as('late'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('pay_order')
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>('status').as('status'),
        eb.fn.sum<number>('flagged').as('flagged'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('teacher_slot')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('state', '=', 'booked')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('student')
      .select([
        'id',
        'mobile',
        'password_hash',
        'nick',
        'eng_name',
        'pic',
        'sex',
        'birthday',
        'class_reminder',
      ])
      .orderBy('id')
      .execute(),
    db.selectFrom('calendar_token').select(['student_id', 'token_hash']).orderBy('student_id').execute(),
  ]);
  const hash = (rows: unknown) =>
    createHash('sha256').update(JSON.stringify(rows)).digest('hex').slice(0, 16);
  return {
    students: hash(students),
    wallets: num(wallet.n),
    coins: num(wallet.coins),
    coin_logs: await count('coin_log'),
    cards: num(cards.n),
    card_lessons_left: num(cards.left),
    card_logs: await count('card_log'),
    courses: num(courses.n),
    course_status_sum: num(courses.status),
    late_cancels: num(courses.late),
    booked_slots: num(slots.n),
    course_reviews: await count('course_review'),
    teacher_reviews: await count('teacher_review'),
    orders: num(orders.n),
    order_status_sum: num(orders.status),
    orders_flagged: num(orders.flagged),
    sandbox_payments: await count('sandbox_payment'),
    favourites: await count('favourite_teacher'),
    complaints: await count('feedback'),
    courseware: await count('courseware_item'),
    calendar_tokens: hash(calendar),
  };
}

/** The fields that differ between two fingerprints, as `field: before → after`. */
export function stateDiff(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return Object.keys({ ...before, ...after })
    .filter((k) => before[k] !== after[k])
    .map((k) => `${k}: ${String(before[k])} → ${String(after[k])}`);
}
