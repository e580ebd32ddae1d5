import { describe, expect, it } from 'vitest';
import { chinaDayStart } from '../src/clock.ts';
import type { Db } from '../src/db/database.ts';
import { purgeInBatches } from '../src/jobs/batches.ts';
import { createClassroomService } from '../src/modules/courses/classroom.service.ts';
import type { ClassroomProvider } from '../src/providers/classroom/classroom-provider.ts';
import type { CreatedOrder } from '@app/contract/payments';
import { apiUrl } from '../../../test-support/http.ts';
import { createStudentSession, dataOf } from '../../../test-support/students.ts';
import { readOutbox } from '../../../test-support/sms-outbox.ts';
import { transportOf } from './helpers/auth.ts';
import { DAY, HOUR, MINUTE, giveCoins, manualClock, wholeMinute } from './helpers/courses.ts';
import { createSlot, createTeacher } from './helpers/factories.ts';
import { setupOps, studentSession } from './helpers/ops.ts';
import { createTestApp } from './helpers/test-app.ts';

/**
 * Background jobs never stall on a backlog (issue 32 §3, src/jobs/batches.ts): work is taken least
 * recently tried first, what failed waits with backoff behind what was never tried, opted-out
 * students never fill a batch, and clean-up deletes in bounded batches that make progress every run.
 * The backlogs are bulk inserted, so each test takes seconds on either database.
 */

// Noon in China today: the reminders' SMS budget day does not roll over during a test.
const NOW = wholeMinute(chinaDayStart(Date.now()) + 12 * HOUR);
let batchCounter = 0;

/**
 * `count` students (reminders on or off) with one class each of `teacherId`, starting at
 * `startAt(i)`, 25 minutes long, in status `status`: one bulk insert per table and 500 rows.
 */
async function bulkClasses(
  db: Db,
  teacherId: number,
  count: number,
  o: { startAt: (i: number) => number; reminders: boolean; status: number; now: number },
): Promise<number[]> {
  batchCounter++;
  const prefix = `15${String(process.pid % 1000).padStart(3, '0')}${String(batchCounter).padStart(2, '0')}`;
  const chunks = (n: number) => Array.from({ length: Math.ceil(n / 500) }, (_, c) => c * 500);
  const studentIds: number[] = [];
  for (const from of chunks(count)) {
    const rows = Array.from({ length: Math.min(500, count - from) }, (_, k) => ({
      mobile: `${prefix}${String(from + k).padStart(4, '0')}`,
      password_hash: null,
      nick: `Backlog ${from + k}`,
      birthday: null,
      class_reminder: o.reminders ? 1 : 0,
      created_at: o.now,
      updated_at: o.now,
    }));
    const inserted = await db.insertInto('student').values(rows).returning('id').execute();
    studentIds.push(...inserted.map((r) => r.id));
  }
  const courseIds: number[] = [];
  for (const from of chunks(count)) {
    const indexes = Array.from({ length: Math.min(500, count - from) }, (_, k) => from + k);
    const slots = await db
      .insertInto('teacher_slot')
      .values(
        indexes.map((i) => ({
          teacher_id: teacherId,
          start_at: o.startAt(i),
          end_at: o.startAt(i) + 25 * MINUTE,
          state: 'booked' as const,
        })),
      )
      .returning(['id', 'start_at'])
      .execute();
    const courses = await db
      .insertInto('course')
      .values(
        slots.map((slot, k) => ({
          student_id: studentIds[from + k]!,
          teacher_id: teacherId,
          slot_id: slot.id,
          start_at: Number(slot.start_at),
          end_at: Number(slot.start_at) + 25 * MINUTE,
          status: o.status,
          pay_type: 'coin' as const,
          card_id: null,
          cancel_reason: null,
          cancel_remark: null,
          cancelled_at: null,
          attended: null,
          classroom_url: null,
          playback_url: null,
          playback_ready_at: null,
          reminder_sent_at: null,
          created_at: o.now,
        })),
      )
      .returning('id')
      .execute();
    courseIds.push(...courses.map((c) => c.id));
  }
  return courseIds;
}

describe('job courses.class-reminders', () => {
  it('reminds a student who wants it in the first run, behind 500 classes of students who turned reminders off', async () => {
    const clock = manualClock(NOW);
    const t = await createTestApp({ clock });
    const teacher = await createTeacher(t.db, { name: 'Anna Smith', price_coins: 100 });
    const s = await createStudentSession(transportOf(t));
    await giveCoins(t.db, t.app.wallet, s.studentId, 1000);
    const slot = await createSlot(t.db, teacher, { start_at: NOW + 2 * HOUR });
    await t.app.courses.book({ studentId: s.studentId, slotId: slot, payType: 'coin' });
    // 500 classes of opted-out students, all starting before the one who wants a reminder.
    const optedOut = await bulkClasses(t.db, await createTeacher(t.db), 500, {
      startAt: (i) => NOW + 62 * MINUTE + i * 1000,
      reminders: false,
      status: 100,
      now: NOW,
    });

    clock.advance(61 * MINUTE);
    expect(await t.app.jobs.runOnce('courses.class-reminders')).toEqual({
      sent: 1,
      skipped: 0,
      failed: 0,
      budget_spent: 0,
    });
    const sent = readOutbox(t.config.DATA_DIR).filter(
      (e) => (e as { template?: string }).template === 'classReminder',
    );
    expect(sent.map((e) => e.mobile)).toEqual([s.mobile]);
    const claimed = await t.db
      .selectFrom('course')
      .select('id')
      .where('id', 'in', optedOut)
      .where('reminder_sent_at', 'is not', null)
      .execute();
    expect(claimed).toEqual([]);
  });
});

describe('job courses.deliver-recordings', () => {
  it('delivers a ready recording within two runs behind 300 classes whose provider has none yet (one failing), and asks about those with backoff', async () => {
    const t = await createTestApp();
    const clock = manualClock(wholeMinute(Date.now()));
    const teacher = await createTeacher(t.db, { price_coins: 100 });
    const now = clock.now();
    // 300 held classes that ended in the last hours, older than the one that is ready.
    const waiting = await bulkClasses(t.db, teacher, 300, {
      startAt: (i) => now - 6 * HOUR + i * MINUTE,
      reminders: true,
      status: 300,
      now,
    });
    const [ready] = await bulkClasses(t.db, await createTeacher(t.db), 1, {
      startAt: () => now - HOUR,
      reminders: true,
      status: 300,
      now,
    });
    const asked = new Map<number, number>();
    const provider: ClassroomProvider = {
      driver: 'test',
      roomUrl: async (course) => `/room/${course.id}`,
      async recordingOf(course) {
        asked.set(course.id, (asked.get(course.id) ?? 0) + 1);
        if (course.id === waiting[0]) throw new Error('provider error for this class');
        return course.id === ready ? { url: `https://media.example/${course.id}.mp4` } : undefined;
      },
    };
    const classroom = createClassroomService({
      db: t.db,
      clock,
      provider,
      lifecycle: { recordPlayback: (id, url) => t.app.classLifecycle.recordPlayback(id, url) },
    });

    // The oldest 200 first (one fails at the provider: counted, the run goes on), then the rest.
    expect(await classroom.deliverRecordings()).toEqual({ delivered: 0, failed: 1 });
    expect(asked.size).toBe(200);
    expect(await classroom.deliverRecordings()).toEqual({ delivered: 1, failed: 0 });
    expect(asked.size).toBe(301);
    const row = await t.db
      .selectFrom('course')
      .select('playback_url')
      .where('id', '=', ready!)
      .executeTakeFirstOrThrow();
    expect(row.playback_url).toBe(`https://media.example/${ready}.mp4`);

    // Not ready yet: asked again 2 minutes after the first try, then 4 minutes after that; the
    // delivered one is never asked again.
    const round = async () => {
      asked.clear();
      await classroom.deliverRecordings();
      await classroom.deliverRecordings();
      return asked;
    };
    expect((await round()).size).toBe(0);
    clock.advance(2 * MINUTE);
    const second = await round();
    expect(second.size).toBe(300);
    expect(second.has(ready!)).toBe(false);
    clock.advance(2 * MINUTE);
    expect((await round()).size).toBe(0);
    clock.advance(2 * MINUTE);
    expect((await round()).size).toBe(300);
  });
});

describe('purges', () => {
  it('delete the oldest rows in bounded batches, so every run makes progress and newer rows stay', async () => {
    const t = await createTestApp();
    const now = Date.now();
    const rows = Array.from({ length: 2500 }, (_, i) => ({
      mobile: '13900000000',
      ip: '203.0.113.7',
      sent_at: now - 3 * DAY + i,
    }));
    for (let i = 0; i < rows.length; i += 500) {
      await t.db
        .insertInto('sms_send')
        .values(rows.slice(i, i + 500))
        .execute();
    }
    await t.db
      .insertInto('sms_send')
      .values({ mobile: '13900000000', ip: '203.0.113.7', sent_at: now })
      .execute();
    const remaining = async () => (await t.db.selectFrom('sms_send').select('sent_at').execute()).length;
    const purge = () =>
      purgeInBatches(t.db, {
        table: 'sms_send',
        column: 'sent_at',
        before: now - DAY,
        batchSize: 400,
        maxBatches: 3,
      });

    expect(await purge()).toBe(1200);
    expect(await remaining()).toBe(1301);
    // The oldest went first.
    const oldest = await t.db
      .selectFrom('sms_send')
      .select((eb) => eb.fn.min('sent_at').as('at'))
      .executeTakeFirstOrThrow();
    expect(Number(oldest.at)).toBe(now - 3 * DAY + 1200);
    expect(await purge()).toBe(1200);
    expect(await purge()).toBe(100);
    expect(await purge()).toBe(0);
    expect(await remaining()).toBe(1);
  });

  it('auth.purge and idempotency.purge remove expired rows and keep live ones', async () => {
    const clock = manualClock(wholeMinute(Date.now()));
    const t = await createTestApp({ clock });
    const now = clock.now();
    const s = await createStudentSession(transportOf(t));
    await t.db
      .insertInto('idempotency_record')
      .values(
        Array.from({ length: 300 }, (_, i) => ({
          student_id: s.studentId,
          scope: 'course.book',
          key: `old-${i}`,
          request_hash: 'h',
          status: 'done' as const,
          response: '{"ok":true,"data":null}',
          created_at: now - 2 * DAY + i,
        })),
      )
      .execute();
    await t.db
      .insertInto('idempotency_record')
      .values({
        student_id: s.studentId,
        scope: 'course.book',
        key: 'live',
        request_hash: 'h',
        status: 'done',
        response: '{"ok":true,"data":null}',
        created_at: now,
      })
      .execute();
    await t.db
      .insertInto('password_attempt')
      .values(
        Array.from({ length: 300 }, (_, i) => ({
          mobile: '13900000001',
          ip: '203.0.113.8',
          at: now - 2 * DAY + i,
          outcome: 'fail',
        })),
      )
      .execute();

    expect(await t.app.jobs.runOnce('idempotency.purge')).toEqual({ purged: 300 });
    await t.app.jobs.runOnce('auth.purge');
    expect(await t.db.selectFrom('idempotency_record').select('key').execute()).toEqual([{ key: 'live' }]);
    expect(await t.db.selectFrom('password_attempt').select('id').execute()).toEqual([]);
    // The student's own session (a family that has not expired) stays.
    expect((await t.db.selectFrom('session_family').select('id').execute()).length).toBeGreaterThan(0);
  });
});

describe('orders paid after they closed', () => {
  it('are shown to staff by the ops CLI as paid after close', async () => {
    const ctx = await setupOps(wholeMinute(Date.now()));
    const s = await studentSession(ctx);
    const products = dataOf<{ products: { id: number; kind: string }[] }>(
      await transportOf(ctx.t).request({ method: 'GET', url: apiUrl('/pay/getProductList') }),
      'products',
    );
    const order = dataOf<CreatedOrder>(
      await transportOf(ctx.t).request({
        method: 'POST',
        url: apiUrl('/pay/createOrder'),
        body: { product_id: products.products.find((p) => p.kind === 'coin')!.id, pay_method: 'wechat' },
        token: s.token,
        ip: s.ip,
      }),
      'createOrder',
    );
    ctx.clock.advance(16 * MINUTE);
    await ctx.t.app.jobs.runOnce('payments.close-expired-orders');
    await ctx.t.app.payments.sandbox!.pay(
      { orderNo: order.order_no, amountFen: order.amount_fen },
      ctx.clock.now(),
    );
    const run = await ctx.ops('order', 'reconcile', '--order', order.order_no);
    expect(run.stdout.split('\n')[0]).toBe(
      `order ${order.order_no}: provider says paid (transaction SBX${order.order_no}, ${order.amount_fen} fen) → credited_after_close; now paid (paid after close: flagged for review)`,
    );
  });
});
