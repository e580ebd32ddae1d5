/**
 * Booking throughput (issue 13): POST /course/bookCourse through the real HTTP app, driven by
 * autocannon with 50 connections, in two cases:
 *
 * - distinct slots: many students (each with coins and a session), many slots, every request books a
 *   slot nobody else asks for (no student ever overlaps itself or passes 20 upcoming classes), so
 *   every reply should be a success;
 * - contention: 50 connections, 50 students, one slot: exactly one success, every other reply the
 *   409 "slot taken".
 *
 * After each run it checks the database: no slot holds two live classes, the successes equal the new
 * classes, and no wallet drifts from its ledger (coins = sum of coin_log entries). Prints req/s and
 * p50/p99 latency in ms. Run by `npm run bench` (bench/run.ts) or alone:
 * `node --import tsx bench/booking.bench.ts` (BENCH_DATABASE_URL for PostgreSQL).
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { groupCommitStatsOf } from '../apps/server/src/db/group-commit.ts';
import { withTransaction } from '../apps/server/src/db/transaction.ts';
import type { App } from '../apps/server/src/http/fastify-types.ts';
import type { LoadJob, LoadOrder, LoadReport } from './booking-load.ts';
import { insertTeachers } from './seed-teachers.ts';
import { startBenchServer } from './server.ts';

const CONNECTIONS = 50;
const PRICE = 100;
const MINUTE = 60_000;
/** Classes a student may hold at once (MAX_UPCOMING_CLASSES); each bench student books up to this. */
const PER_STUDENT = 20;

export type BookingRow = {
  scenario: string;
  rps: number;
  p50: number;
  p99: number;
  booked: number;
  refused: number;
  errors: number;
  doubleBookings: number;
  /** New classes that match no success counted (beyond the requests in flight at the end). */
  unaccounted: number;
  ledgerDrift: number;
  /** SQLite: transactions per COMMIT (group commit) and the mean and longest COMMIT (fsync) in ms. */
  perCommit: number | null;
  commitMs: number | null;
  maxCommitMs: number | null;
  /** CPU milliseconds of the server's process per reply (the load generator runs in another): less sensitive to a busy machine than req/s. */
  cpuMsPerReq: number;
};

type Student = { id: number; token: string };

/** Students with a session each and coins for `lessons` classes (recharge entries, so ledgers stay whole). */
async function createStudents(app: App, count: number, lessons: number, tag: string): Promise<Student[]> {
  const students: Student[] = [];
  const now = Date.now();
  // 50 at a time: their transactions share COMMITs (SQLite group commit, PostgreSQL's pool).
  for (let from = 0; from < count; from += 50) {
    const chunk = Array.from({ length: Math.min(50, count - from) }, (_, k) => from + k);
    const made = await Promise.all(
      chunk.map(async (i) => {
        const mobile = `199${tag}${String(i).padStart(8 - tag.length, '0')}`;
        const { id } = await app.db
          .insertInto('student')
          .values({
            mobile,
            password_hash: null,
            nick: `Bench ${i}`,
            birthday: null,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await withTransaction(app.db, (trx) =>
          app.wallet.creditCoins(trx, 300, { studentId: id, amount: lessons * PRICE, remark: 'bench' }),
        );
        const { token } = await app.auth.sessions.issue(id);
        return { id, token };
      }),
    );
    students.push(...made);
  }
  return students;
}

/** Free 25-minute slots, 30 minutes apart, from two hours ahead: slotIds[teacher][k]. */
async function insertSlots(app: App, teachers: number[], perTeacher: number): Promise<number[][]> {
  const start = Math.ceil((Date.now() + 2 * 60 * MINUTE) / (30 * MINUTE)) * 30 * MINUTE;
  const grid: number[][] = [];
  for (const teacherId of teachers) {
    const rows = Array.from({ length: perTeacher }, (_, k) => ({
      teacher_id: teacherId,
      start_at: start + k * 30 * MINUTE,
      end_at: start + k * 30 * MINUTE + 25 * MINUTE,
      state: 'free' as const,
    }));
    const ids: number[] = [];
    for (let i = 0; i < rows.length; i += 500) {
      const inserted = await app.db
        .insertInto('teacher_slot')
        .values(rows.slice(i, i + 500))
        .returning('id')
        .execute();
      ids.push(...inserted.map((r) => r.id));
    }
    grid.push(ids);
  }
  return grid;
}

async function liveClasses(app: App): Promise<number> {
  const row = await app.db
    .selectFrom('course')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', 'in', [100, 200, 300])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Slots holding more than one live class. */
async function doubleBookings(app: App): Promise<number> {
  const rows = await app.db
    .selectFrom('course')
    .select('slot_id')
    .where('status', 'in', [100, 200, 300])
    .groupBy('slot_id')
    .having(sql`count(*)`, '>', 1)
    .execute();
  return rows.length;
}

/** Wallets whose coins differ from the sum of their coin_log entries. */
async function ledgerDrift(app: App): Promise<number> {
  const rows = await sql<{ n: number | string }>`
    select count(*) as n from wallet w
    where w.coins <> (select coalesce(sum(c.amount), 0) from coin_log c where c.student_id = w.student_id)`.execute(
    app.db,
  );
  return Number(rows.rows[0]?.n ?? 0);
}

/** Runs the load generator (bench/booking-load.ts) in a child process and waits for its report. */
function runLoad(order: LoadOrder): Promise<LoadReport> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./booking-load.ts', import.meta.url)), {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let report: LoadReport | undefined;
    child.once('message', (message) => {
      report = message as LoadReport;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (report) resolve(report);
      else reject(new Error(`the booking load generator exited with ${code} and no report`));
    });
    child.send(order);
  });
}

/**
 * With BENCH_CPU_PROFILE=<dir>, the server's CPU profile of the load phase alone (not the seeding),
 * one `booking-<name>.cpuprofile` per case, for Chrome DevTools or `node --cpu-prof`-style tools.
 */
async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_CPU_PROFILE;
  if (!dir) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `booking-${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

type Drive = LoadReport & Pick<BookingRow, 'cpuMsPerReq' | 'perCommit' | 'commitMs' | 'maxCommitMs'>;

async function drive(
  app: App,
  name: string,
  base: string,
  seconds: number,
  jobs: LoadJob[],
  cycle: boolean,
): Promise<Drive> {
  const commitsBefore = groupCommitStatsOf(app.db, { restartMax: true });
  const cpu = process.cpuUsage();
  const report = await profiled(name, () =>
    runLoad({ url: `${base}/api/v1/course/bookCourse`, connections: CONNECTIONS, seconds, jobs, cycle }),
  );
  const used = process.cpuUsage(cpu);
  if (report.others > 0)
    console.warn(
      `${name}: replies other than 200 and 409, by status: ${JSON.stringify(report.otherStatuses)}`,
    );
  const replies = Math.max(1, report.booked + report.refused + report.others);
  const cpuMsPerReq = Math.round(((used.user + used.system) / 1000 / replies) * 100) / 100;
  const commitsAfter = groupCommitStatsOf(app.db);
  let commits: Pick<BookingRow, 'perCommit' | 'commitMs' | 'maxCommitMs'> = {
    perCommit: null,
    commitMs: null,
    maxCommitMs: null,
  };
  if (commitsBefore && commitsAfter && commitsAfter.batches > commitsBefore.batches) {
    const batches = commitsAfter.batches - commitsBefore.batches;
    const round = (ms: number) => Math.round(ms * 10) / 10;
    commits = {
      perCommit: round((commitsAfter.units - commitsBefore.units) / batches),
      commitMs: round((commitsAfter.commitMs - commitsBefore.commitMs) / batches),
      maxCommitMs: round(commitsAfter.maxCommitMs),
    };
  }
  return { ...report, cpuMsPerReq, ...commits };
}

/**
 * Both booking cases on a running bench server; `seconds` per case. Seeds its own teachers, slots
 * and students (enough for about 12,000 bookings/s over the run; BENCH_BOOKING_STUDENTS raises it).
 */
export async function runBookingBench(app: App, base: string, seconds: number): Promise<BookingRow[]> {
  const rows: BookingRow[] = [];

  // ---- distinct slots --------------------------------------------------------------------------
  const studentCount = Number(process.env.BENCH_BOOKING_STUDENTS ?? Math.max(1000, seconds * 600));
  // 20 students a teacher: 400 slots each, half-hourly, stay within the booking horizon.
  const teacherCount = Math.max(50, Math.ceil(studentCount / 20));
  const slotsPerTeacher = Math.ceil(studentCount / teacherCount) * PER_STUDENT;
  const teachers = await insertTeachers(app, teacherCount, 'distinct', PRICE);
  const grid = await insertSlots(app, teachers, slotsPerTeacher);
  const students = await createStudents(app, studentCount, PER_STUDENT, '1');
  const capacity = studentCount * PER_STUDENT;
  // Request r: student s = r mod S, its b-th booking; slot (teacher s mod T, k = ⌊s/T⌋·20 + b), so
  // no two requests share a slot and a student's slots are 30 minutes apart (no overlap).
  const jobs: LoadJob[] = Array.from({ length: capacity }, (_, r) => {
    const s = r % studentCount;
    const b = Math.floor(r / studentCount);
    const slotId = grid[s % teacherCount]![Math.floor(s / teacherCount) * PER_STUDENT + b]!;
    return { token: students[s]!.token, slotId };
  });
  const before = await liveClasses(app);
  const distinct = await drive(app, 'distinct', base, seconds, jobs, false);
  const made = (await liveClasses(app)) - before;
  rows.push({
    scenario: `distinct slots (${CONNECTIONS} clients)`,
    rps: distinct.rps,
    p50: distinct.p50,
    p99: distinct.p99,
    booked: distinct.booked,
    refused: distinct.refused,
    errors: distinct.others + distinct.errors + distinct.timeouts + distinct.overrun,
    // Requests still in flight when autocannon stops complete on the server unseen: at most one
    // per connection more classes than successes counted.
    doubleBookings: await doubleBookings(app),
    unaccounted:
      made >= distinct.booked && made <= distinct.booked + CONNECTIONS ? 0 : made - distinct.booked,
    ledgerDrift: await ledgerDrift(app),
    perCommit: distinct.perCommit,
    commitMs: distinct.commitMs,
    maxCommitMs: distinct.maxCommitMs,
    cpuMsPerReq: distinct.cpuMsPerReq,
  });

  // ---- contention: one slot ----------------------------------------------------------------------
  const [contended] = await insertTeachers(app, 1, 'contended', PRICE);
  const [[slotId]] = (await insertSlots(app, [contended!], 1)) as [[number]];
  const rivals = await createStudents(app, CONNECTIONS, 1, '2');
  const beforeOne = await liveClasses(app);
  const contention = await drive(
    app,
    'one-slot',
    base,
    seconds,
    rivals.map((rival) => ({ token: rival.token, slotId })),
    true,
  );
  const madeOne = (await liveClasses(app)) - beforeOne;
  rows.push({
    scenario: `one slot (${CONNECTIONS} clients)`,
    rps: contention.rps,
    p50: contention.p50,
    p99: contention.p99,
    booked: contention.booked,
    refused: contention.refused,
    errors: contention.others + contention.errors + contention.timeouts,
    // One slot: one class, whoever won.
    doubleBookings: (await doubleBookings(app)) + (madeOne > 1 ? madeOne - 1 : 0),
    unaccounted: madeOne === 1 ? 0 : madeOne - 1,
    ledgerDrift: await ledgerDrift(app),
    perCommit: contention.perCommit,
    commitMs: contention.commitMs,
    maxCommitMs: contention.maxCommitMs,
    cpuMsPerReq: contention.cpuMsPerReq,
  });
  return rows;
}

/** The failures of a run: errors, more than one booking of the contended slot, drift. */
export function bookingFailures(rows: BookingRow[]): string[] {
  return rows
    .filter((row) => row.errors > 0 || row.doubleBookings > 0 || row.unaccounted !== 0 || row.ledgerDrift > 0)
    .map((row) => row.scenario);
}

// Run alone: `node --import tsx bench/booking.bench.ts`.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const server = await startBenchServer({ DATABASE_URL: process.env.BENCH_DATABASE_URL });
  let rows: BookingRow[] = [];
  try {
    rows = await runBookingBench(server.app, server.base, seconds);
  } finally {
    await server.close();
  }
  console.info(
    `\nbooking, engine: ${server.config.DATABASE_URL ? 'postgres' : 'sqlite'}, ${seconds} s per case, node ${process.version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.table(rows); // eslint-disable-line no-console -- the table is the output of the benchmark
  const failed = bookingFailures(rows);
  if (failed.length > 0) {
    console.error(`booking cases that failed their checks: ${failed.join(', ')}`);
    process.exit(1);
  }
}
