/**
 * The students of the "logged-in student" scenarios (issue 36), seeded straight into the bench
 * server's database (bulk inserts, as bench/booking.bench.ts seeds its students) with a session each:
 *
 * - `count` students (default 1,000) with a realistic history: 8 classes each (5 over, one of them
 *   reported by its teacher, 1 cancelled, 2 to come within two weeks), a
 *   recharge, a bonus and one debit per class in their coin ledger (the wallet equals its sum), a
 *   lesson card, the demo student's orders copied (paid, closed, awaiting) and 3 liked teachers;
 * - a heavy student: 2,000 past classes and 5,000 coin entries;
 * - a short-history student: the heavy one's shape cut to 20 classes and 50 coin entries, more than
 *   a page of each (the finished list's 10, the coin log's 20): the same pages as the heavy student,
 *   without the history behind them;
 * - a new student: a session, an empty wallet, nothing else.
 *
 * The bench's own teachers (20, plus one each for the heavy and the short-history student) keep
 * these classes off the demo teachers' slots.
 */
import { sql, type Insertable } from 'kysely';
import type {
  CoinLogTable,
  CourseTable,
  FavouriteTeacherTable,
  PayOrderTable,
  TeacherSlotTable,
} from '../apps/server/src/db/database.ts';
import type { App } from '../apps/server/src/http/fastify-types.ts';
import { insertTeachers } from './seed-teachers.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const PRICE = 100;
const CLASS_MS = 25 * MINUTE;
const TEACHERS = 20;

/** One student of the scenarios: its token and one of its classes (for GET /course/getCourseInfo). */
export type BenchStudent = { id: number; token: string; courseId: number };

export type StudentRoster = {
  students: BenchStudent[];
  heavy: BenchStudent;
  short: BenchStudent;
  fresh: BenchStudent;
  /** What the heavy student holds, as counted after seeding. */
  heavyClasses: number;
  heavyCoinEntries: number;
};

/** Inserts `rows` in chunks (SQLite's parameter limit; PostgreSQL's message size). */
async function insertChunked<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

function classRow(
  studentId: number,
  teacherId: number,
  slotId: number,
  start: number,
  status: 100 | 300 | -200,
  now: number,
): Insertable<CourseTable> {
  // Every row names every column: SQLite has no DEFAULT in a multi-row VALUES list.
  return {
    student_id: studentId,
    teacher_id: teacherId,
    slot_id: slotId,
    start_at: start,
    end_at: start + CLASS_MS,
    status,
    pay_type: 'coin',
    price_coins: PRICE,
    card_id: null,
    cancel_reason: status === -200 ? 'reschedule' : null,
    cancel_remark: null,
    cancelled_at: status === -200 ? start - 2 * DAY : null,
    late_cancel: 0,
    attended: status === 300 ? 1 : null,
    classroom_url: null,
    playback_url: status === 300 ? 'https://example.invalid/playback.mp4' : null,
    playback_ready_at: status === 300 ? start + CLASS_MS + HOUR : null,
    reminder_sent_at: null,
    reminder_attempts: 0,
    reminder_next_at: null,
    recording_attempts: 0,
    recording_next_at: null,
    created_at: Math.min(now, start) - 3 * DAY,
  };
}

function coinEntry(
  studentId: number,
  type: number,
  amount: number,
  balanceAfter: number,
  at: number,
  courseId: number | null,
): Insertable<CoinLogTable> {
  return {
    student_id: studentId,
    type,
    amount,
    balance_after: balanceAfter,
    course_id: courseId,
    order_no: null,
    remark: 'bench',
    created_at: at,
  };
}

async function insertStudentRows(app: App, mobiles: string[], now: number): Promise<number[]> {
  const ids: number[] = [];
  await insertChunked(mobiles, 200, async (chunk) => {
    const rows = await app.db
      .insertInto('student')
      .values(
        chunk.map((mobile, k) => ({
          mobile,
          password_hash: null,
          nick: `Bench ${mobile.slice(-4)}`,
          eng_name: `Student ${k}`,
          pic: '',
          sex: 0,
          birthday: null,
          class_reminder: 1,
          created_at: now - 90 * DAY,
          updated_at: now - 90 * DAY,
        })),
      )
      .returning('id')
      .execute();
    ids.push(...rows.map((r) => r.id));
  });
  return ids;
}

/** Slots (booked, or free for a cancelled class) at `starts` of `teacherId`s; their ids in order. */
async function insertSlots(app: App, slots: Array<{ teacherId: number; start: number; booked: boolean }>) {
  const ids: number[] = [];
  const rows: Insertable<TeacherSlotTable>[] = slots.map((s) => ({
    teacher_id: s.teacherId,
    start_at: s.start,
    end_at: s.start + CLASS_MS,
    state: s.booked ? 'booked' : 'free',
  }));
  await insertChunked(rows, 400, async (chunk) => {
    const made = await app.db.insertInto('teacher_slot').values(chunk).returning('id').execute();
    ids.push(...made.map((r) => r.id));
  });
  return ids;
}

async function insertClasses(app: App, rows: Insertable<CourseTable>[]): Promise<number[]> {
  const ids: number[] = [];
  await insertChunked(rows, 100, async (chunk) => {
    const made = await app.db.insertInto('course').values(chunk).returning('id').execute();
    ids.push(...made.map((r) => r.id));
  });
  return ids;
}

async function insertCoinEntries(app: App, rows: Insertable<CoinLogTable>[]): Promise<void> {
  await insertChunked(rows, 300, (chunk) => app.db.insertInto('coin_log').values(chunk).execute());
}

async function insertWallets(app: App, wallets: Array<{ studentId: number; coins: number }>, now: number) {
  await insertChunked(wallets, 500, (chunk) =>
    app.db
      .insertInto('wallet')
      .values(chunk.map((w) => ({ student_id: w.studentId, coins: w.coins, version: 0, updated_at: now })))
      .execute(),
  );
}

/** Sessions, 50 at a time (their transactions share COMMITs). */
async function issueSessions(app: App, ids: number[]): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < ids.length; i += 50) {
    const made = await Promise.all(ids.slice(i, i + 50).map((id) => app.auth.sessions.issue(id)));
    tokens.push(...made.map((pair) => pair.token));
  }
  return tokens;
}

/** The demo student's orders, copied to each student under new order numbers. */
async function copyDemoOrders(app: App, studentIds: number[]): Promise<void> {
  const demo = await app.db
    .selectFrom('pay_order as o')
    .innerJoin('student as s', 's.id', 'o.student_id')
    .selectAll('o')
    .where('s.mobile', '=', '13800138000')
    .orderBy('o.id')
    .execute();
  if (demo.length === 0) throw new Error('the bench needs the demo seed: the demo student has no orders');
  const rows: Insertable<PayOrderTable>[] = [];
  studentIds.forEach((studentId) => {
    demo.forEach((order, k) => {
      const { id: _id, ...rest } = order;
      rows.push({
        ...rest,
        order_no: `B${studentId}x${k}x${order.order_no}`.slice(0, 64),
        student_id: studentId,
        transaction_id: order.transaction_id === null ? null : `B${studentId}x${k}x${order.transaction_id}`,
        card_id: null,
      });
    });
  });
  await insertChunked(rows, 100, (chunk) => app.db.insertInto('pay_order').values(chunk).execute());
}

/**
 * Seeds the roster on the bench server's database at the app clock's now (the bench server's clock
 * is the system's). About 20 s for 1,000 students on SQLite on a busy 2-core machine.
 */
export async function seedLoggedInStudents(app: App, count = 1000): Promise<StudentRoster> {
  const now = Date.now();
  const half = 30 * MINUTE;
  const teachers = await insertTeachers(app, TEACHERS, 'student', PRICE);
  const [heavyTeacher] = await insertTeachers(app, 1, 'heavy', PRICE);
  const [shortTeacher] = await insertTeachers(app, 1, 'short', PRICE);
  const ids = await insertStudentRows(
    app,
    Array.from({ length: count + 3 }, (_, i) => `1987${String(i).padStart(7, '0')}`),
    now,
  );
  const [heavyId, freshId, shortId] = [ids[count]!, ids[count + 1]!, ids[count + 2]!];
  const studentIds = ids.slice(0, count);

  // ---- the students' classes: 8 each, on 20 teachers, half-hour apart per teacher ----------------
  // Class k of student i is the j-th (j = 8i + k) class overall, on teacher j mod 20 at step
  // ⌊j/20⌋ (distinct for each teacher): the past ones count back from two days ago, the others
  // forward from two days ahead, so no teacher holds two at one time. All fall within ±9 days.
  const pastBase = Math.floor((now - 2 * DAY) / half) * half;
  const futureBase = Math.ceil((now + 2 * DAY) / half) * half;
  type Plan = { studentId: number; teacherId: number; start: number; status: 100 | 300 | -200 };
  const plans: Plan[] = [];
  studentIds.forEach((studentId, i) => {
    for (let k = 0; k < 8; k++) {
      const j = i * 8 + k;
      const teacherId = teachers[j % TEACHERS]!;
      const step = Math.floor(j / TEACHERS);
      // k 0-4 over, 5 cancelled (its slot to come, free again), 6-7 to come.
      if (k < 5) plans.push({ studentId, teacherId, start: pastBase - step * half, status: 300 });
      else
        plans.push({ studentId, teacherId, start: futureBase + step * half, status: k === 5 ? -200 : 100 });
    }
  });
  const slotIds = await insertSlots(
    app,
    plans.map((p) => ({ teacherId: p.teacherId, start: p.start, booked: p.status !== -200 })),
  );
  const courseIds = await insertClasses(
    app,
    plans.map((p, n) => classRow(p.studentId, p.teacherId, slotIds[n]!, p.start, p.status, now)),
  );

  // ---- reports, ledgers, cards, orders, favourites ----------------------------------------------
  const reportRows = studentIds.map((studentId, i) => {
    const n = i * 8; // the student's first class (over)
    return {
      course_id: courseIds[n]!,
      student_id: studentId,
      teacher_id: plans[n]!.teacherId,
      scores: '{"fluency":4,"vocabulary":4,"grammar":3,"pronunciation":4}',
      comment: 'Good progress.',
      homework: 'Read chapter 3.',
      created_at: plans[n]!.start + CLASS_MS + HOUR,
      read_at: i % 2 === 0 ? null : plans[n]!.start + 2 * DAY,
    };
  });
  await insertChunked(reportRows, 200, (chunk) =>
    app.db.insertInto('teacher_report').values(chunk).execute(),
  );

  const entries: Insertable<CoinLogTable>[] = [];
  const wallets: Array<{ studentId: number; coins: number }> = [];
  studentIds.forEach((studentId, i) => {
    let balance = 0;
    const at = now - 60 * DAY;
    balance += 1200;
    entries.push(coinEntry(studentId, 300, 1200, balance, at, null));
    balance += 150;
    entries.push(coinEntry(studentId, 800, 150, balance, at, null));
    for (let k = 0; k < 8; k++) {
      const n = i * 8 + k;
      balance -= PRICE;
      entries.push(coinEntry(studentId, 500, -PRICE, balance, plans[n]!.start - 3 * DAY, courseIds[n]!));
      if (plans[n]!.status === -200) {
        balance += PRICE;
        entries.push(coinEntry(studentId, 600, PRICE, balance, plans[n]!.start - 2 * DAY, courseIds[n]!));
      }
    }
    wallets.push({ studentId, coins: balance });
  });

  const heavy = await seedHistory(
    app,
    { studentId: heavyId, teacherId: heavyTeacher!, classes: 2000, entries: 5000 },
    pastBase,
    now,
  );
  const short = await seedHistory(
    app,
    { studentId: shortId, teacherId: shortTeacher!, classes: 20, entries: 50 },
    pastBase,
    now,
  );
  wallets.push(
    { studentId: heavyId, coins: heavy.coins },
    { studentId: shortId, coins: short.coins },
    { studentId: freshId, coins: 0 },
  );
  await insertCoinEntries(app, [...entries, ...heavy.entries, ...short.entries]);
  await insertWallets(app, wallets, now);

  await insertChunked(studentIds, 200, (chunk) =>
    app.db
      .insertInto('lesson_card')
      .values(
        chunk.map((studentId) => ({
          student_id: studentId,
          type: 200,
          teacher_id: null,
          lessons_total: 10,
          lessons_left: 7,
          expires_at: now + 60 * DAY,
          created_at: now - 30 * DAY,
        })),
      )
      .execute(),
  );
  await copyDemoOrders(app, studentIds);
  const favourites: Insertable<FavouriteTeacherTable>[] = studentIds.flatMap((studentId, i) =>
    [0, 1, 2].map((k) => ({
      student_id: studentId,
      teacher_id: teachers[(i + k * 7) % TEACHERS]!,
      created_at: now - (k + 1) * DAY,
    })),
  );
  await insertChunked(favourites, 300, (chunk) =>
    app.db.insertInto('favourite_teacher').values(chunk).execute(),
  );

  // As PostgreSQL's autovacuum does once a table has grown this much: without statistics, the
  // planner took every student for one with a few classes and read the heavy student's 2,000
  // classes to sort them for a page of 10 (11 ms a request; 0.1 ms with them, walking the index).
  if (app.dbDialect === 'postgres') await sql`analyze`.execute(app.db);
  const tokens = await issueSessions(app, [...studentIds, heavyId, freshId, shortId]);
  const students = studentIds.map((id, i) => ({ id, token: tokens[i]!, courseId: courseIds[i * 8 + 6]! }));
  return {
    students,
    heavy: { id: heavyId, token: tokens[count]!, courseId: heavy.courseIds[0]! },
    short: { id: shortId, token: tokens[count + 2]!, courseId: short.courseIds[0]! },
    fresh: { id: freshId, token: tokens[count + 1]!, courseId: 0 },
    heavyClasses: heavy.courseIds.length,
    heavyCoinEntries: heavy.entries.length,
  };
}

/**
 * A student's history of `classes` classes over, one every 12 hours on a teacher of its own going
 * back from `pastBase`, and `entries` coin entries: a recharge, a debit per class and bonuses. The
 * classes and their slots are inserted; the entries (in time order, each balance the running sum)
 * and the wallet's coins are returned for the caller's bulk insert.
 */
async function seedHistory(
  app: App,
  who: { studentId: number; teacherId: number; classes: number; entries: number },
  pastBase: number,
  now: number,
): Promise<{ courseIds: number[]; entries: Insertable<CoinLogTable>[]; coins: number }> {
  const plans = Array.from({ length: who.classes }, (_, k) => pastBase - k * 12 * HOUR);
  const slots = await insertSlots(
    app,
    plans.map((start) => ({ teacherId: who.teacherId, start, booked: true })),
  );
  const courseIds = await insertClasses(
    app,
    plans.map((start, k) => classRow(who.studentId, who.teacherId, slots[k]!, start, 300, now)),
  );
  const start = now - 1100 * DAY;
  const entries: Insertable<CoinLogTable>[] = [coinEntry(who.studentId, 300, 1_000_000, 0, start, null)];
  for (let k = courseIds.length - 1; k >= 0; k--)
    entries.push(coinEntry(who.studentId, 500, -PRICE, 0, plans[k]! - DAY, courseIds[k]!));
  for (let k = entries.length; k < who.entries; k++)
    entries.push(coinEntry(who.studentId, 800, 10, 0, start + k * MINUTE, null));
  entries.sort((a, b) => Number(a.created_at) - Number(b.created_at));
  let running = 0;
  for (const entry of entries) {
    running += Number(entry.amount);
    entry.balance_after = running;
  }
  return { courseIds, entries, coins: running };
}
