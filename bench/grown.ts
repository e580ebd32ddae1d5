/**
 * A grown school for the logged-in student's scenarios (issue 36): `students` background students
 * (default 100,000) and `classes` classes (default 1,000,000) on `students / 50` teachers, seeded
 * straight into the bench server's database by INSERT … SELECT over a number series (one statement a
 * table), before the bench's own students. Each background student has a wallet, a recharge and one
 * debit per class in the coin ledger (the wallet equals its sum), and `classes / students` classes
 * 12 hours × (students / teachers) apart on its teachers: those over are finished and attended (with
 * a playback, so the recording job has nothing to do), the others booked. Set by
 * `BENCH_GROWN=<students>x<classes>` (or `1` for the defaults) on bench/server.ts; bench/run.ts
 * passes it through.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../apps/server/src/db/database.ts';
import type { App } from '../apps/server/src/http/fastify-types.ts';
import { COURSE_OUTCOME } from '../apps/server/src/modules/courses/courses.repository.ts';
import { avatarDataUrl } from '../apps/server/src/modules/teachers/avatar.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const CLASS_MS = 25 * MINUTE;
const PRICE = 100;
/** Background students' mobiles: 1986 then seven digits (the bench's own students use 1987). */
const MOBILE_BASE = 19_860_000_000;

export type GrownShape = { students: number; classes: number };

/** `BENCH_GROWN`: `1` for 100,000 × 1,000,000, `<students>x<classes>` otherwise; undefined when unset. */
export function grownShape(value: string | undefined): GrownShape | undefined {
  if (!value || value === '0') return undefined;
  if (value === '1') return { students: 100_000, classes: 1_000_000 };
  const match = /^(\d+)x(\d+)$/.exec(value);
  if (!match) throw new Error(`BENCH_GROWN is 1 or <students>x<classes>, not ${value}`);
  const shape = { students: Number(match[1]), classes: Number(match[2]) };
  if (shape.students < 50 || shape.classes < shape.students || shape.classes % shape.students !== 0)
    throw new Error('BENCH_GROWN: at least 50 students, and a whole number of classes for each');
  return shape;
}

type Engine = 'sqlite' | 'postgres';

/** The numbers 0 … count − 1 as rows of one bigint column `n`. */
function series(engine: Engine, count: number): RawBuilder<unknown> {
  return engine === 'postgres'
    ? sql`select generate_series(0, ${sql.lit(count - 1)})::bigint as n`
    : sql`select value as n from (with recursive s(value) as (select 0 union all select value + 1 from s where value < ${sql.lit(count - 1)}) select value from s)`;
}

/** The ids `table` gave the rows just inserted: they must be contiguous (one statement, no one else writing). */
async function contiguousIds(app: App, table: string, where: RawBuilder<unknown>, count: number) {
  const { rows } = await sql<{ lo: number; hi: number; n: number }>`
    select min(id) as lo, max(id) as hi, count(*) as n from ${sql.table(table)} where ${where}`.execute(
    app.db,
  );
  const row = rows[0]!;
  const [lo, hi, n] = [Number(row.lo), Number(row.hi), Number(row.n)];
  if (n !== count || hi - lo + 1 !== count)
    throw new Error(`${table}: ${n} rows, ids ${lo}…${hi}, not ${count} in a row`);
  return lo;
}

/** Seeds the grown shape; returns how long it took (ms). */
export async function growDatabase(app: App, engine: Engine, shape: GrownShape): Promise<number> {
  if (engine !== 'postgres') return grow(app, app.db, engine, shape);
  // On one connection with the triggers off: the reads' version triggers (migrations 0017 and 0018)
  // would queue a deferred event per row written, millions for this shape, and bump versions of
  // students nobody is logged in as. The rows are consistent by construction (the foreign keys'
  // triggers are off too).
  return app.db.connection().execute(async (db) => {
    await sql`set session_replication_role = replica`.execute(db);
    try {
      return await grow(app, db, engine, shape);
    } finally {
      await sql`set session_replication_role = default`.execute(db);
    }
  });
}

async function grow(app: App, db: Kysely<Database>, engine: Engine, shape: GrownShape): Promise<number> {
  const started = Date.now();
  const now = Date.now();
  const teachers = Math.max(1, Math.floor(shape.students / 50));
  const perStudent = shape.classes / shape.students;
  const seq = (count: number) => series(engine, count);

  await sql`insert into teacher (name, avatar, nationality, level, price_coins, intro_zh, intro_en, intro_video, tags,
      radar_education, radar_experience, radar_interaction, radar_pronunciation, radar_rating, rating_x100,
      lesson_count, refuses_frequent_cancellers, active, is_demo, created_at)
    select 'Grown ' || cast(n as text), ${avatarDataUrl('Grown')}, 'USA', 100, ${PRICE}, '老师。', 'A teacher.', null, '[]',
      80, 80, 80, 80, 80, 450, 0, 0, 1, 0, ${now}
    from (${seq(teachers)}) as seq`.execute(db);
  const teacher0 = await contiguousIds(app, 'teacher', sql`name like 'Grown %'`, teachers);

  // Class n: teacher n mod T at step ⌊n/T⌋ (12 hours apart), student n mod S. A student's classes
  // are S/T steps apart; the steps are centred on now, so about half are over.
  const steps = Math.ceil(shape.classes / teachers);
  const base = Math.floor((now - (steps / 2) * 12 * HOUR) / (30 * MINUTE)) * 30 * MINUTE;
  const startOf = sql`(${base} + (n / ${teachers}) * ${12 * HOUR})`;
  await sql`insert into teacher_slot (teacher_id, start_at, end_at, state)
    select ${teacher0} + n % ${teachers}, ${startOf}, ${startOf} + ${CLASS_MS}, 'booked'
    from (${seq(shape.classes)}) as seq`.execute(db);
  const slot0 = await contiguousIds(
    app,
    'teacher_slot',
    sql`teacher_id >= ${teacher0} and teacher_id < ${teacher0 + teachers}`,
    shape.classes,
  );

  await sql`insert into student (mobile, password_hash, nick, eng_name, pic, sex, birthday, created_at, updated_at, class_reminder)
    select cast(${MOBILE_BASE} + n as text), null, 'Grown', '', '', 0, null, ${now - 400 * DAY}, ${now - 400 * DAY}, 1
    from (${seq(shape.students)}) as seq`.execute(db);
  const student0 = await contiguousIds(
    app,
    'student',
    sql`mobile >= ${String(MOBILE_BASE)} and mobile < ${String(MOBILE_BASE + shape.students)}`,
    shape.students,
  );

  const over = sql`${startOf} + ${CLASS_MS} <= ${now}`;
  await sql`insert into course (student_id, teacher_id, slot_id, start_at, end_at, status, pay_type, price_coins,
      card_id, cancel_reason, cancel_remark, cancelled_at, late_cancel, attended, classroom_url, playback_url,
      playback_ready_at, created_at, reminder_sent_at, reminder_attempts, reminder_next_at, recording_attempts,
      recording_next_at)
    select ${student0} + n % ${shape.students}, ${teacher0} + n % ${teachers}, ${slot0} + n, ${startOf},
      ${startOf} + ${CLASS_MS}, case when ${over} then 300 else 100 end, 'coin', ${PRICE},
      null, null, null, null, 0, case when ${over} then 1 else null end, null,
      case when ${over} then 'https://example.invalid/playback.mp4' else null end,
      case when ${over} then ${startOf} + ${CLASS_MS + HOUR} else null end,
      ${startOf} - ${3 * DAY}, case when ${startOf} <= ${now + DAY} then cast(${now} as bigint) else null end, 0, null, 0, null
    from (${seq(shape.classes)}) as seq`.execute(db);
  const course0 = await contiguousIds(
    app,
    'course',
    sql`student_id >= ${student0} and student_id < ${student0 + shape.students}`,
    shape.classes,
  );

  // The ledger: a recharge of every class's price, then a debit per class (class n is the
  // ⌊n/S⌋-th of its student), so each wallet ends at 0 and equals its entries' sum.
  const recharge = perStudent * PRICE;
  await sql`insert into coin_log (student_id, type, amount, balance_after, course_id, order_no, remark, created_at)
    select ${student0} + n, 300, ${recharge}, ${recharge}, null, null, 'grown', ${base - 4 * DAY}
    from (${seq(shape.students)}) as seq`.execute(db);
  await sql`insert into coin_log (student_id, type, amount, balance_after, course_id, order_no, remark, created_at)
    select ${student0} + n % ${shape.students}, 500, ${-PRICE},
      ${recharge} - (n / ${shape.students} + 1) * ${PRICE}, ${course0} + n, null, 'grown', ${startOf} - ${3 * DAY}
    from (${seq(shape.classes)}) as seq`.execute(db);
  await sql`insert into wallet (student_id, coins, version, updated_at)
    select ${student0} + n, 0, 0, ${now} from (${seq(shape.students)}) as seq`.execute(db);
  // The coin log's and the classes' tallies (migrations 0020, 0021): their triggers write them on
  // SQLite; on PostgreSQL they are off on this connection (growDatabase), so they are counted here
  // once (every grown class is live, so none is left without an outcome).
  if (engine === 'postgres') {
    const grownStudents = sql`student_id >= ${student0} and student_id < ${student0 + shape.students}`;
    await sql`insert into coin_log_tally (student_id, type, entries)
      select student_id, type, count(*) from coin_log where ${grownStudents}
      group by student_id, type`.execute(db);
    await sql`insert into course_outcome_tally (student_id, outcome, entries)
      select student_id, ${COURSE_OUTCOME}, count(*) from course
      where ${grownStudents} group by student_id, ${COURSE_OUTCOME}`.execute(db);
  }
  // PostgreSQL's autovacuum analyzes a table this size once loaded; the app never runs ANALYZE on
  // SQLite, whose planner then goes by its rules (and statistics of tables still empty now, before
  // the bench's own students, would mislead it).
  if (engine === 'postgres') await sql`analyze`.execute(db);
  return Date.now() - started;
}
