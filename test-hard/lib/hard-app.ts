import { randomInt } from 'node:crypto';
import { LOGIN_CLIENT_LABEL } from '@app/contract/constants';
import type { TokenPair } from '@app/contract/auth';
import { createTestApp, type TestApp } from '../../apps/server/test/helpers/test-app.ts';
import { clientPasswordHash } from '../../apps/server/src/modules/auth/client-password-hash.ts';
import { DEMO_STUDENT } from '../../apps/server/src/modules/students/students.seed.ts';
import { apiUrl, injectTransport, type Transport } from '../../test-support/http.ts';
import { createStudentSession, dataOf, type StudentSession } from '../../test-support/students.ts';
import { operationsOf, type OpenApiDocument, type Operation } from './openapi.ts';
import type { Hints } from './schema-arbitrary.ts';

/**
 * The app the in-process hard tests run against: the real app (createTestApp: a fresh SQLite file,
 * or a PostgreSQL schema with TEST_DATABASE_URL) with the demo data, so there are teachers with free
 * slots, products, IELTS content and a demo student who owns classes, cards, orders, courseware and
 * teacher reports. The request limiter is out of the way; the security limits of DESIGN.md §7 stay.
 */
export type HardApp = {
  t: TestApp;
  transport: Transport;
  operations: Operation[];
  /** A logged-in student with nothing but an account. */
  newStudent(): Promise<StudentSession>;
  /** The demo student, logged in by password (13800138000 / demo1234). */
  demoStudent(): Promise<{ token: string; refreshToken: string; studentId: number }>;
};

/** A client address per session: per-IP limits (20 SMS sends per hour) never add up across sessions. */
export function randomIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${1 + randomInt(254)}`;
}

export async function startHardApp(): Promise<HardApp> {
  const t = await createTestApp({ env: { SEED_DEMO: '1', RATE_LIMIT_PER_MINUTE: '1000000' } });
  const transport = injectTransport(t.app, t.config.DATA_DIR);
  const doc = t.app.swagger() as unknown as OpenApiDocument;
  return {
    t,
    transport,
    operations: operationsOf(doc),
    newStudent: () => createStudentSession(transport, { ip: randomIp() }),
    async demoStudent() {
      const login = await transport.request({
        method: 'POST',
        url: apiUrl('/user/login'),
        ip: randomIp(),
        body: {
          mobile: DEMO_STUDENT.mobile,
          password: clientPasswordHash(DEMO_STUDENT.password, DEMO_STUDENT.mobile),
          currentTab: 1,
          token: LOGIN_CLIENT_LABEL,
        },
      });
      const pair = dataOf<TokenPair>(login, 'demo login');
      const student = await t.db
        .selectFrom('student')
        .select('id')
        .where('mobile', '=', DEMO_STUDENT.mobile)
        .executeTakeFirstOrThrow();
      return { ...pair, studentId: student.id };
    },
  };
}

/** Real identifiers by field name, read from the database (for the generators' hints). */
export async function hintsFrom(t: TestApp): Promise<Hints> {
  const db = t.db;
  const now = t.clock.now();
  const ids = async (query: Promise<{ v: number | string }[]>) => (await query).map((r) => r.v);
  const [
    courses,
    reports,
    cards,
    orders,
    files,
    folders,
    teachers,
    slots,
    products,
    banks,
    questions,
    samples,
  ] = await Promise.all([
    ids(db.selectFrom('course').select('id as v').limit(40).execute()),
    ids(db.selectFrom('teacher_report').select('id as v').limit(20).execute()),
    ids(db.selectFrom('lesson_card').select('id as v').limit(20).execute()),
    ids(db.selectFrom('pay_order').select('order_no as v').limit(20).execute()),
    ids(db.selectFrom('courseware_item').select('id as v').where('is_folder', '=', 0).limit(20).execute()),
    ids(db.selectFrom('courseware_item').select('id as v').where('is_folder', '=', 1).limit(20).execute()),
    ids(db.selectFrom('teacher').select('id as v').limit(40).execute()),
    ids(
      db
        .selectFrom('teacher_slot')
        .select('id as v')
        .where('state', '=', 'free')
        .where('start_at', '>', now + 2 * 3_600_000)
        .orderBy('start_at')
        .limit(60)
        .execute(),
    ),
    ids(db.selectFrom('pay_product').select('id as v').execute()),
    ids(db.selectFrom('ielts_bank').select('id as v').execute()),
    ids(db.selectFrom('ielts_question').select('id as v').limit(20).execute()),
    ids(db.selectFrom('ielts_sample').select('id as v').limit(20).execute()),
  ]);
  const levels = [...new Set((await db.selectFrom('teacher').select('level').execute()).map((r) => r.level))];
  const byName: Record<string, readonly unknown[]> = {
    id: [...courses, ...reports, ...questions, ...samples],
    ec_id: courses,
    card_id: cards,
    order_no: orders,
    ids: files,
    file_pid: [0, ...folders],
    teacher_id: teachers,
    slot_id: slots,
    product_id: products,
    issue_id: banks,
    name: ['sex', 'course.status', 'coin.log.type', 'pay.method'],
    mobile: [DEMO_STUDENT.mobile],
    tz: ['Asia/Shanghai', 'UTC', 'America/New_York'],
    level: levels,
    // Ranges the timetable and schedules accept: a day back to a week ahead.
    from: [new Date(now - 86_400_000).toISOString(), new Date(now).toISOString()],
    to: [new Date(now + 6 * 86_400_000).toISOString(), new Date(now + 86_400_000).toISOString()],
  };
  return { valuesFor: (name) => byName[name] ?? [] };
}
