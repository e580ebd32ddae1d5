/**
 * The server of the live classroom's benchmark (bench/classroom.bench.ts), run as a process of its
 * own so that its memory is the server's alone: the real server (bench/server.ts) with
 * CLASSROOM_DRIVER=live on a fresh demo database (SQLite, or a fresh schema of BENCH_DATABASE_URL),
 * REDIS_URL from BENCH_REDIS_URL (the signalling bus on Redis; without it PostgreSQL LISTEN/NOTIFY on
 * PostgreSQL, this process on SQLite). It seeds BENCH_CLASSROOM_ROOMS classes (default 200) straight
 * into its database, each with a student of its own (a session) and a teacher of its own (the
 * teacher link), every class starting in 5 minutes (its room open now), then tells the bench over
 * the IPC channel: `{type: 'ready', base, engine, bus, rooms}`. It answers `{type: 'memory'}` with
 * its memory after a full garbage collection (started with --expose-gc) and its CPU time so far, and
 * closes on `{type: 'stop'}` or SIGTERM.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Insertable } from 'kysely';
import type { CourseTable } from '../apps/server/src/db/database.ts';
import type { App } from '../apps/server/src/http/fastify-types.ts';
import { insertTeachers } from './seed-teachers.ts';
import { startBenchServer } from './server.ts';

const MINUTE = 60_000;
const CLASS_MS = 25 * MINUTE;
const PRICE = 100;

/** One room of the bench: its class, the student's session and the teacher's link token. */
export type BenchRoom = { classId: number; studentToken: string; teacherToken: string };

export type ClassroomServerMessage =
  | { type: 'ready'; base: string; engine: 'sqlite' | 'postgres'; bus: string; rooms: BenchRoom[] }
  | {
      type: 'memory';
      rss: number;
      heapUsed: number;
      external: number;
      cpuMicros: number;
      /** The event loop's delay since the previous reading, p50 and p99 in ms. */
      loopP50Ms: number;
      loopP99Ms: number;
    };

async function inChunks<T, R>(rows: T[], size: number, insert: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < rows.length; i += size) out.push(...(await insert(rows.slice(i, i + size))));
  return out;
}

/** `count` classes open now, each of its own student and teacher; sessions and teacher links. */
export async function seedRooms(app: App, count: number): Promise<BenchRoom[]> {
  const now = Date.now();
  const start = Math.ceil((now + 5 * MINUTE) / MINUTE) * MINUTE;
  const teachers = await insertTeachers(app, count, 'room', PRICE);
  const students = await inChunks(
    Array.from({ length: count }, (_, i) => `1986${String(i).padStart(7, '0')}`),
    200,
    (mobiles) =>
      app.db
        .insertInto('student')
        .values(
          mobiles.map((mobile, k) => ({
            mobile,
            password_hash: null,
            nick: `Room ${mobile.slice(-4)}`,
            eng_name: `Student ${k}`,
            pic: '',
            sex: 0,
            birthday: null,
            class_reminder: 0,
            created_at: now,
            updated_at: now,
          })),
        )
        .returning('id')
        .execute(),
  );
  const slots = await inChunks(teachers, 200, (chunk) =>
    app.db
      .insertInto('teacher_slot')
      .values(
        chunk.map((teacherId) => ({
          teacher_id: teacherId,
          start_at: start,
          end_at: start + CLASS_MS,
          state: 'booked' as const,
        })),
      )
      .returning('id')
      .execute(),
  );
  const rows: Insertable<CourseTable>[] = teachers.map((teacherId, i) => ({
    // Every column named: SQLite has no DEFAULT in a multi-row VALUES list.
    student_id: students[i]!.id,
    teacher_id: teacherId,
    slot_id: slots[i]!.id,
    start_at: start,
    end_at: start + CLASS_MS,
    status: 100,
    pay_type: 'coin',
    price_coins: PRICE,
    card_id: null,
    cancel_reason: null,
    cancel_remark: null,
    cancelled_at: null,
    late_cancel: 0,
    attended: null,
    classroom_url: null,
    playback_url: null,
    playback_ready_at: null,
    // The reminder counted as sent: the bench measures the rooms, not the SMS job.
    reminder_sent_at: now,
    reminder_attempts: 0,
    reminder_next_at: null,
    recording_attempts: 0,
    recording_next_at: null,
    created_at: now,
  }));
  const classes = await inChunks(rows, 100, (chunk) =>
    app.db.insertInto('course').values(chunk).returning('id').execute(),
  );
  const rooms: BenchRoom[] = [];
  for (let i = 0; i < count; i += 50) {
    const made = await Promise.all(
      classes.slice(i, i + 50).map(async ({ id }, k) => {
        const [session, link] = await Promise.all([
          app.auth.sessions.issue(students[i + k]!.id),
          app.services.attendance.teacherLink(id),
        ]);
        if (!link) throw new Error(`class ${id} has no teacher link`);
        return { classId: id, studentToken: session.token, teacherToken: link.token };
      }),
    );
    rooms.push(...made);
  }
  return rooms;
}

const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();

function memory(): ClassroomServerMessage {
  const loopP50Ms = loop.percentile(50) / 1e6;
  const loopP99Ms = loop.percentile(99) / 1e6;
  loop.reset();
  (globalThis as { gc?: () => void }).gc?.();
  const used = process.memoryUsage();
  const cpu = process.cpuUsage();
  return {
    type: 'memory',
    rss: used.rss,
    heapUsed: used.heapUsed,
    external: used.external,
    cpuMicros: cpu.user + cpu.system,
    loopP50Ms,
    loopP99Ms,
  };
}

if (process.send) {
  const server = await startBenchServer(
    {
      CLASSROOM_DRIVER: 'live',
      DATABASE_URL: process.env.BENCH_DATABASE_URL,
      REDIS_URL: process.env.BENCH_REDIS_URL,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    },
    'app',
  );
  const rooms = await seedRooms(server.app, Number(process.env.BENCH_CLASSROOM_ROOMS ?? 200));
  const bus = server.config.REDIS_URL ? 'redis' : server.config.DATABASE_URL ? 'postgres' : 'memory';
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= server.close().then(() => process.exit(0));
    return stopping;
  };
  process.on('message', (msg: unknown) => {
    const type = (msg as { type?: string }).type;
    if (type === 'memory') process.send!(memory());
    if (type === 'stop') void stop();
  });
  process.once('SIGTERM', () => void stop());
  process.once('disconnect', () => void stop());
  const ready: ClassroomServerMessage = {
    type: 'ready',
    base: server.base,
    engine: server.config.DATABASE_URL ? 'postgres' : 'sqlite',
    bus,
    rooms,
  };
  process.send(ready);
}
