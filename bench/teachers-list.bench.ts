/**
 * `npm run bench:teachers`: latency of GET /teacher/getTeacherList at scale (issue #4): 10,000
 * teachers and 1,000,000 slots, seeded with bulk inserts in transactions, then queried through the
 * real HTTP app over loopback with several filter/sort combinations; prints p50/p99 per combination.
 * SQLite in a temporary DATA_DIR by default; PostgreSQL when BENCH_DATABASE_URL is set (in a
 * temporary schema, dropped afterwards). BENCH_TEACHERS / BENCH_SLOTS_PER_TEACHER / BENCH_REQUESTS
 * scale it down for a quick look.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { adminQuery, BENCH_RATE_LIMIT_PER_MINUTE, benchSchemaName } from './server.ts';
import { withTransaction } from '../apps/server/src/db/transaction.ts';
import { avatarDataUrl } from '../apps/server/src/modules/teachers/avatar.ts';

const TEACHERS = Number(process.env.BENCH_TEACHERS ?? 10_000);
const SLOTS_PER_TEACHER = Number(process.env.BENCH_SLOTS_PER_TEACHER ?? 100);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARMUP = 20;

const DAY = 86_400_000;
const HALF_HOUR = 1_800_000;
const NATIONALITIES = [
  'AUS',
  'CAN',
  'CHN',
  'DXB',
  'GBR',
  'IND',
  'Mas',
  'NGA',
  'PH',
  'PK',
  'USA',
  'UZ',
  'ZAF',
];
const TAGS = ['ielts', 'business', 'kids', 'pronunciation', 'travel', 'grammar', 'conversation', 'beginner'];
const FIRST = ['Ann', 'Ben', 'Cara', 'Dan', 'Eve', 'Finn', 'Gia', 'Hugo', 'Ivy', 'Jack', 'Kim', 'Leo'];
const LAST = ['Smith', 'Cruz', 'Lee', 'Khan', 'Brown', 'Okafor', 'Petrova', 'Tan', 'Reyes', 'Cole'];

const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-teachers-'));
const schema = databaseUrl ? benchSchemaName() : undefined;

if (schema) await adminQuery(databaseUrl!, `create schema ${schema}`);

const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  SEED_DEMO: '0',
  LOG_LEVEL: 'silent',
  RATE_LIMIT_PER_MINUTE: BENCH_RATE_LIMIT_PER_MINUTE,
  PORT: '0',
  HOST: '127.0.0.1',
});
const app = await buildApp(config, {
  logger: false,
  ...(schema ? { databaseOptions: { pgSchema: schema } } : {}),
});
const engine = databaseUrl ? 'postgres' : 'sqlite';

function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

let studentId = 0;

async function seed(): Promise<void> {
  const now = Date.now();
  const started = performance.now();
  const db = app.db;
  // Teachers and their languages, 500 a statement.
  for (let first = 0; first < TEACHERS; first += 5000) {
    await withTransaction(db, async (trx) => {
      for (let i = first; i < Math.min(first + 5000, TEACHERS); i += 500) {
        const rows = [];
        for (let k = i; k < Math.min(i + 500, TEACHERS); k++) {
          const name = `${FIRST[k % FIRST.length]} ${LAST[(k * 7) % LAST.length]} ${k}`;
          const level = ([100, 200, 300] as const)[k % 3]!;
          rows.push({
            name,
            avatar: avatarDataUrl(name),
            nationality: NATIONALITIES[(k * 5) % NATIONALITIES.length]!,
            level,
            price_coins: 40 + ((k * 37) % 120),
            intro_zh: '老师简介',
            intro_en: 'Teacher intro',
            tags: JSON.stringify([TAGS[k % TAGS.length], TAGS[(k * 3 + 1) % TAGS.length]]),
            rating_x100: 350 + ((k * 131) % 151),
            lesson_count: (k * 53) % 5000,
            active: k % 50 === 0 ? 0 : 1,
            created_at: now,
          });
        }
        const ids = await trx.insertInto('teacher').values(rows).returning('id').execute();
        await trx
          .insertInto('teacher_language')
          .values(
            ids.flatMap(({ id }, j) => {
              const k = i + j;
              const langs =
                k % 10 === 0
                  ? ['riyu']
                  : k % 10 === 1
                    ? ['hanyu', 'yingyu']
                    : k % 10 === 2
                      ? ['eyu']
                      : ['yingyu'];
              return langs.map((language) => ({ teacher_id: id, language }));
            }),
          )
          .execute();
      }
    });
  }
  const teacherIds = (await db.selectFrom('teacher').select('id').orderBy('id').execute()).map((r) => r.id);
  // Slots: distinct half-hour positions over 15 days from the start of today (UTC), 1,000 a statement.
  const dayStart = Math.floor(now / DAY) * DAY;
  const rowsPerTransaction = 50_000;
  let batch: { teacher_id: number; start_at: number; end_at: number; state: 'free' | 'booked' | 'closed' }[] =
    [];
  const flush = async () => {
    const rows = batch;
    batch = [];
    await withTransaction(db, async (trx) => {
      for (let i = 0; i < rows.length; i += 1000) {
        await trx
          .insertInto('teacher_slot')
          .values(rows.slice(i, i + 1000))
          .execute();
      }
    });
  };
  for (const [t, teacherId] of teacherIds.entries()) {
    for (let k = 0; k < SLOTS_PER_TEACHER; k++) {
      const position = (k * 7 + t) % 720;
      const start = dayStart + position * HALF_HOUR;
      const roll = (t * 31 + k * 17) % 100;
      batch.push({
        teacher_id: teacherId,
        start_at: start,
        end_at: start + 25 * 60_000,
        state: roll < 70 ? 'free' : roll < 95 ? 'booked' : 'closed',
      });
    }
    if (batch.length >= rowsPerTransaction) await flush();
  }
  if (batch.length > 0) await flush();
  // A student with 200 favourites, for the favourites-only combination (sent with a token).
  const student = await db
    .insertInto('student')
    .values({ mobile: '13900000000', nick: 'bench', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  studentId = student.id;
  await db
    .insertInto('favourite_teacher')
    .values(
      teacherIds
        .filter((_, i) => i % 50 === 7)
        .map((teacher_id, i) => ({ student_id: student.id, teacher_id, created_at: now + i })),
    )
    .execute();
  await sql`analyze`.execute(db);
  log(
    `seeded ${teacherIds.length} teachers and ${teacherIds.length * SLOTS_PER_TEACHER} slots on ${engine} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

function beijingDate(daysAhead: number): string {
  return new Date(Date.now() + 8 * 3_600_000 + daysAhead * DAY).toISOString().slice(0, 10);
}

const COMBINATIONS: { name: string; query: string; student?: boolean }[] = [
  { name: 'default (rating desc)', query: '' },
  { name: 'price asc, level 200', query: 'sort=price&order=asc&level=200' },
  { name: 'lessons desc, language riyu', query: 'sort=lessons&language=riyu' },
  { name: 'nationality PH, keyword', query: 'nationality=PH&keyword=reyes' },
  { name: 'keyword tag (business)', query: 'keyword=business&sort=price&order=desc' },
  { name: 'time 19:00-21:00 Shanghai', query: 'time_from=19:00&time_to=21:00&tz=Asia/Shanghai' },
  { name: 'date +3, price asc', query: `date=${beijingDate(3)}&tz=Asia/Shanghai&sort=price&order=asc` },
  {
    name: 'date + time, language',
    query: `date=${beijingDate(2)}&time_from=18:00&time_to=22:00&language=yingyu`,
  },
  { name: 'deep page (current=200)', query: 'current=200&size=20' },
  { name: 'favourites only (200), logged in', query: 'favourites_only=1', student: true },
  {
    name: 'favourites + evening, logged in',
    query: 'favourites_only=1&time_from=18:00&time_to=24:00',
    student: true,
  },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

type Row = { combination: string; total: number; p50_ms: number; p99_ms: number };

try {
  await seed();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const base = `http://127.0.0.1:${address.port}/api/v1/teacher/getTeacherList`;
  const rows: Row[] = [];
  const { token } = await app.auth.sessions.issue(studentId);
  for (const { name, query, student } of COMBINATIONS) {
    const url = `${base}?${query}`;
    const headers: Record<string, string> = { 'api-language': 'zh-Hans' };
    if (student) headers.authorization = `Bearer ${token}`;
    const times: number[] = [];
    let total = -1;
    for (let i = 0; i < WARMUP + REQUESTS; i++) {
      const started = performance.now();
      const res = await fetch(url, { headers });
      const body = (await res.json()) as { code: number; data: { total: number } };
      const elapsed = performance.now() - started;
      if (res.status !== 200) throw new Error(`${name}: HTTP ${res.status} ${JSON.stringify(body)}`);
      total = body.data.total;
      if (i >= WARMUP) times.push(elapsed);
    }
    times.sort((a, b) => a - b);
    rows.push({
      combination: name,
      total,
      p50_ms: Number(percentile(times, 50).toFixed(2)),
      p99_ms: Number(percentile(times, 99).toFixed(2)),
    });
  }
  log(
    `\nGET /teacher/getTeacherList on ${engine}: ${REQUESTS} sequential requests per combination, node ${process.version}`,
  );
  console.table(rows); // eslint-disable-line no-console -- the table is the output of the benchmark
} finally {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (schema) await adminQuery(databaseUrl!, `drop schema if exists ${schema} cascade`);
}
