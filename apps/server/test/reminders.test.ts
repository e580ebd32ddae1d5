import { describe, expect, it } from 'vitest';
import { chinaDayStart } from '../src/clock.ts';
import { createStudentSession } from '../../../test-support/students.ts';
import { readOutbox } from '../../../test-support/sms-outbox.ts';
import { post, transportOf } from './helpers/auth.ts';
import { HOUR, MINUTE, giveCoins, manualClock, wholeMinute } from './helpers/courses.ts';
import { createSlot, createTeacher } from './helpers/factories.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { createRemindersService } from '../src/modules/courses/reminders.service.ts';
import type { SmsNoticeMessage } from '../src/providers/sms/sms-provider.ts';

/**
 * Class reminders (issue 15): job courses.class-reminders sends one SMS 60 minutes before each class,
 * claimed in the database before sending, so two instances on one database send it once; none for a
 * cancelled class or a student who turned reminders off; each counts against the daily SMS budget.
 */

const JOB = 'courses.class-reminders';
// Noon in China, today: the hours these tests move the clock on never cross the midnight (China
// time) at which the daily SMS budget starts again.
const NOW = wholeMinute(chinaDayStart(Date.now()) + 12 * HOUR);

type Outbox = ReturnType<typeof readOutbox>;
const remindersTo = (t: TestApp, mobile: string): Outbox =>
  readOutbox(t.config.DATA_DIR).filter(
    (e) => e.mobile === mobile && (e as { template?: string }).template === 'classReminder',
  );

async function bookedStudent(t: TestApp, teacher: number, startAt: number) {
  const s = await createStudentSession(transportOf(t));
  await giveCoins(t.db, t.app.wallet, s.studentId, 1000);
  const slot = await createSlot(t.db, teacher, { start_at: startAt });
  const course = await t.app.courses.book({ studentId: s.studentId, slotId: slot, payType: 'coin' });
  return { ...s, courseId: course.id };
}

async function budgetUsed(t: TestApp): Promise<number> {
  const rows = await t.db.selectFrom('sms_budget').select('used').execute();
  return rows.reduce((sum, r) => sum + Number(r.used), 0);
}

describe('job courses.class-reminders', () => {
  it('sends exactly one reminder per class across two instances running at once, none for cancelled or opted-out', async () => {
    const clock = manualClock(NOW);
    const a = await createTestApp({ clock });
    const b = await createTestApp({ clock, reuseDatabaseOf: a });
    const teacher = await createTeacher(a.db, { name: 'Anna Smith', price_coins: 100 });
    const start = NOW + 2 * HOUR;
    const wanted = await bookedStudent(a, teacher, start);
    const second = await bookedStudent(a, teacher, start + 30 * MINUTE);
    const optedOut = await bookedStudent(a, await createTeacher(a.db, { price_coins: 100 }), start);
    const cancelled = await bookedStudent(a, await createTeacher(a.db, { price_coins: 100 }), start);
    const later = await bookedStudent(a, teacher, start + 3 * HOUR);
    const off = await post(a, '/user/setUserInfo', { class_reminder: false }, { token: optedOut.token });
    expect(off.statusCode, off.body).toBe(200);
    await a.app.courses.cancel({
      studentId: cancelled.studentId,
      courseId: cancelled.courseId,
      reason: 'personal',
    });

    // Nothing is due more than 60 minutes ahead.
    await Promise.all([a.app.jobs.runOnce(JOB), b.app.jobs.runOnce(JOB)]);
    expect(remindersTo(a, wanted.mobile)).toHaveLength(0);

    const budgetBefore = await budgetUsed(a);
    clock.advance(61 * MINUTE); // the first classes start in 59 minutes, the second in 89
    await Promise.all([
      a.app.jobs.runOnce(JOB),
      b.app.jobs.runOnce(JOB),
      a.app.jobs.runOnce(JOB),
      b.app.jobs.runOnce(JOB),
    ]);
    const sent = remindersTo(a, wanted.mobile);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('Anna Smith');
    expect(sent[0]!.text).toContain('59');
    expect(sent[0]!.code).toBe('');
    expect(remindersTo(a, second.mobile)).toHaveLength(0);
    expect(remindersTo(a, optedOut.mobile)).toHaveLength(0);
    expect(remindersTo(a, cancelled.mobile)).toHaveLength(0);
    expect(remindersTo(a, later.mobile)).toHaveLength(0);
    expect(await budgetUsed(a)).toBe(budgetBefore + 1);

    // Later runs: the second class becomes due and gets its one reminder; the first gets no other.
    clock.advance(30 * MINUTE);
    await Promise.all([a.app.jobs.runOnce(JOB), b.app.jobs.runOnce(JOB)]);
    await a.app.jobs.runOnce(JOB);
    expect(remindersTo(a, wanted.mobile)).toHaveLength(1);
    expect(remindersTo(a, second.mobile)).toHaveLength(1);
    expect(remindersTo(a, optedOut.mobile)).toHaveLength(0);
    const claimed = await a.db
      .selectFrom('course')
      .select(['id', 'reminder_sent_at'])
      .where('id', 'in', [wanted.courseId, second.courseId, optedOut.courseId, cancelled.courseId])
      .execute();
    const byId = new Map(claimed.map((c) => [c.id, c.reminder_sent_at]));
    expect(byId.get(wanted.courseId)).not.toBeNull();
    expect(byId.get(second.courseId)).not.toBeNull();
    expect(byId.get(optedOut.courseId)).toBeNull();
    expect(byId.get(cancelled.courseId)).toBeNull();
  });

  it('waits when the daily SMS budget is spent, and sends once budget is there again', async () => {
    const clock = manualClock(NOW);
    const t = await createTestApp({ clock, env: { SMS_DAILY_BUDGET: '2' } });
    const teacher = await createTeacher(t.db, { price_coins: 100 });
    // Two logins spend the day's budget of 2 codes.
    const first = await bookedStudent(t, teacher, NOW + 2 * HOUR);
    await bookedStudent(t, teacher, NOW + 3 * HOUR);
    clock.advance(61 * MINUTE);
    await t.app.jobs.runOnce(JOB);
    expect(remindersTo(t, first.mobile)).toHaveLength(0);
    const course = await t.db
      .selectFrom('course')
      .select('reminder_sent_at')
      .where('id', '=', first.courseId)
      .executeTakeFirstOrThrow();
    expect(course.reminder_sent_at).toBeNull();

    await t.db.updateTable('sms_budget').set({ used: 0 }).execute();
    await t.app.jobs.runOnce(JOB);
    await t.app.jobs.runOnce(JOB);
    expect(remindersTo(t, first.mobile)).toHaveLength(1);
  });

  it('tries a reminder whose SMS failed again with backoff, behind the ones never tried, 3 times at most', async () => {
    const clock = manualClock(NOW);
    const t = await createTestApp({ clock });
    const teacher = await createTeacher(t.db, { price_coins: 100 });
    const broken = await bookedStudent(t, teacher, NOW + 2 * HOUR);
    const flaky = await bookedStudent(t, teacher, NOW + 2 * HOUR + 30 * MINUTE);
    // The provider refuses every SMS to one phone, and the first to another.
    const calls: string[] = [];
    let flakyTries = 0;
    const sendNotice = async (message: SmsNoticeMessage) => {
      calls.push(message.mobile);
      if (message.mobile === broken.mobile) return 'failed' as const;
      if (message.mobile === flaky.mobile && ++flakyTries === 1) return 'failed' as const;
      return 'sent' as const;
    };
    const reminders = createRemindersService({
      db: t.db,
      clock,
      students: t.app.students,
      sendNotice,
      log: { warn: () => {} },
    });

    clock.advance(61 * MINUTE);
    expect(await reminders.sendDue()).toMatchObject({ sent: 0, failed: 1 });
    // Not again before its next try is due (2 minutes), even when the job runs every minute.
    clock.advance(MINUTE);
    expect(await reminders.sendDue()).toMatchObject({ sent: 0, failed: 0 });
    const fresh = await bookedStudent(t, await createTeacher(t.db, { price_coins: 100 }), NOW + 155 * MINUTE);
    clock.advance(35 * MINUTE); // the other two classes are due now
    calls.length = 0;
    expect(await reminders.sendDue()).toMatchObject({ sent: 1, failed: 2 });
    // Never tried first, the failed one after them.
    expect(calls).toEqual([flaky.mobile, fresh.mobile, broken.mobile]);
    calls.length = 0;
    clock.advance(2 * MINUTE);
    expect(await reminders.sendDue()).toMatchObject({ sent: 1, failed: 0 });
    expect(calls).toEqual([flaky.mobile]);
    // The third try of the broken one was its last.
    for (let i = 0; i < 20; i++) {
      clock.advance(MINUTE);
      await reminders.sendDue();
    }
    expect(calls.filter((m) => m === broken.mobile)).toHaveLength(1);
    const rows = await t.db
      .selectFrom('course')
      .select(['id', 'reminder_attempts', 'reminder_sent_at'])
      .where('id', 'in', [broken.courseId, flaky.courseId, fresh.courseId])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.reminder_attempts, r.reminder_sent_at !== null])).toEqual([
      [3, true],
      [1, true],
      [0, true],
    ]);
  });
});
