import { describe, expect, it } from 'vitest';
import { readOutbox } from '../../../test-support/sms-outbox.ts';
import {
  createAttendanceService,
  type AttendanceServiceDeps,
} from '../src/modules/classroom/attendance.service.ts';
import { verifyTeacherLink } from '../src/modules/classroom/teacher-link.ts';
import { silentLog } from '../src/services.ts';
import { NOW, PRICE, setup, slot, student, type Ctx } from './helpers/classes.ts';
import {
  DAY,
  MINUTE,
  coinLogsOf,
  createStudent,
  expectLedgersWhole,
  giveCoins,
  manualClock,
  servicesFor,
} from './helpers/courses.ts';
import { createSlot, createTeacher } from './helpers/factories.ts';
import { createTestApp } from './helpers/test-app.ts';

/**
 * Attendance of the live classroom (issue 35, DESIGN.md §12), at service level on a real database
 * (SQLite, or PostgreSQL with TEST_DATABASE_URL): the stays the room reports, and the job
 * `classroom.attendance`: teacher no-show (once, across instances), student absence, the teacher's
 * room link by SMS as the room opens.
 */

const START = NOW + 2 * DAY;
const LESSON = 25 * MINUTE;
const PUBLIC_URL = 'https://school.example';

type Services = Pick<Ctx, 'db' | 'clock' | 'classLifecycle' | 'auth' | 'students'>;

function attendanceOn(ctx: Services, overrides: Partial<AttendanceServiceDeps> = {}) {
  return createAttendanceService({
    db: ctx.db,
    clock: ctx.clock,
    lifecycle: ctx.classLifecycle,
    log: silentLog,
    settings: { live: true, teacherNoShowMinutes: 10, publicUrl: PUBLIC_URL },
    sendNotice: ctx.auth.sms.sendNotice,
    studentMobile: async (id) => (await ctx.students.reminderTarget(id))?.mobile,
    ...overrides,
  });
}

/** A class booked with coins, starting at START, its room the live one (as the live driver opens it). */
async function liveClass(ctx: Ctx, options: { live?: boolean; teacher?: number } = {}) {
  const s = await student(ctx);
  const course = await ctx.courses.book({
    studentId: s,
    slotId: await slot(ctx, START - NOW, { teacher: options.teacher ?? ctx.teacher }),
    payType: 'coin',
  });
  const url = options.live === false ? `/api/v1/classroom/demo/${course.id}?t=x` : `/classroom/${course.id}`;
  await ctx.db.updateTable('course').set({ classroom_url: url }).where('id', '=', course.id).execute();
  const { mobile } = await ctx.db
    .selectFrom('student')
    .select('mobile')
    .where('id', '=', s)
    .executeTakeFirstOrThrow();
  return { studentId: s, courseId: course.id, mobile };
}

async function courseRow(ctx: Ctx, id: number) {
  return ctx.db
    .selectFrom('course')
    .select(['status', 'attended', 'playback_url'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

function noticesTo(ctx: Ctx, mobile: string, template: string) {
  return readOutbox(ctx.t.config.DATA_DIR).filter(
    (e) => e.mobile === mobile && (e as { template?: string }).template === template,
  );
}

describe('classroom attendance: stays', () => {
  it('records every join and leave per seat; a join while present opens no second stay', async () => {
    const ctx = await setup();
    const attendance = attendanceOn(ctx);
    const c = await liveClass(ctx);
    await attendance.seatJoined(c.courseId, 'student', START - 5 * MINUTE);
    await attendance.seatJoined(c.courseId, 'student', START - 4 * MINUTE); // a reload: still present
    await attendance.seatJoined(c.courseId, 'teacher', START - 2 * MINUTE);
    await attendance.seatLeft(c.courseId, 'student', START + 5 * MINUTE);
    await attendance.seatLeft(c.courseId, 'student', START + 6 * MINUTE); // nothing open: no change
    await attendance.seatJoined(c.courseId, 'student', START + 8 * MINUTE);
    expect(await attendance.attendanceOf(c.courseId)).toEqual([
      { seat: 'student', joined_at: START - 5 * MINUTE, left_at: START + 5 * MINUTE },
      { seat: 'teacher', joined_at: START - 2 * MINUTE, left_at: null },
      { seat: 'student', joined_at: START + 8 * MINUTE, left_at: null },
    ]);
    ctx.clock.set(START + 10 * MINUTE);
    const summary = await attendance.summaryOf(c.courseId);
    expect(summary?.ms).toEqual({ student: 7 * MINUTE, teacher: 10 * MINUTE });
    // A leave reported before its join (clocks of two instances) never makes a negative stay.
    await attendance.seatLeft(c.courseId, 'student', START + 7 * MINUTE);
    expect((await attendance.attendanceOf(c.courseId)).at(-1)).toEqual({
      seat: 'student',
      joined_at: START + 8 * MINUTE,
      left_at: START + 8 * MINUTE,
    });
    // Joins of one seat at once (two instances) open one stay.
    await Promise.all([
      attendance.seatJoined(c.courseId, 'student', START + 9 * MINUTE),
      attendanceOn(ctx).seatJoined(c.courseId, 'student', START + 9 * MINUTE),
    ]);
    const open = (await attendance.attendanceOf(c.courseId)).filter((s) => s.left_at === null);
    expect(open.map((s) => s.seat).sort()).toEqual(['student', 'teacher']);
    expect(await attendance.summaryOf(999_999)).toBeUndefined();
  });
});

describe('job classroom.attendance', () => {
  it('status 200 when both seats are in the room at or after the start, or as soon as both are; not by the clock alone', async () => {
    const ctx = await setup();
    const early = await liveClass(ctx);
    const late = await liveClass(ctx, { teacher: await createTeacher(ctx.db, { price_coins: PRICE }) });
    const alone = await liveClass(ctx, { teacher: await createTeacher(ctx.db, { price_coins: PRICE }) });
    const demo = await liveClass(ctx, {
      live: false,
      teacher: await createTeacher(ctx.db, { price_coins: PRICE }),
    });
    const attendance = attendanceOn(ctx);
    ctx.clock.set(START - 5 * MINUTE);
    await attendance.seatJoined(early.courseId, 'student', START - 5 * MINUTE);
    await attendance.seatJoined(early.courseId, 'teacher', START - 4 * MINUTE);
    await attendance.seatJoined(late.courseId, 'teacher', START - 3 * MINUTE);
    await attendance.seatJoined(alone.courseId, 'student', START - 3 * MINUTE);
    expect(await attendance.runDue()).toMatchObject({ started: 0 });
    expect((await courseRow(ctx, early.courseId)).status).toBe(100);

    // The start: the clock starts the demo-room class; the live ones wait for both seats.
    ctx.clock.set(START);
    await ctx.classLifecycle.advanceStatuses();
    expect((await courseRow(ctx, demo.courseId)).status).toBe(200);
    expect((await courseRow(ctx, early.courseId)).status).toBe(100);
    const runs = await Promise.all([attendance.runDue(), attendanceOn(ctx).runDue()]);
    expect(runs.reduce((n, r) => n + r.started, 0)).toBe(1);
    expect((await courseRow(ctx, early.courseId)).status).toBe(200);
    expect((await courseRow(ctx, alone.courseId)).status).toBe(100);

    // The second seat arrives after the start: in class at once, without the job.
    ctx.clock.set(START + 3 * MINUTE);
    await attendance.seatJoined(late.courseId, 'student', START + 3 * MINUTE);
    expect((await courseRow(ctx, late.courseId)).status).toBe(200);
    expect((await ctx.courses.getCourseInfo(late.studentId, late.courseId)).status).toBe(200);

    // The end: every class over, as before.
    ctx.clock.set(START + LESSON);
    await ctx.classLifecycle.advanceStatuses();
    for (const c of [early, late, demo]) expect((await courseRow(ctx, c.courseId)).status).toBe(300);
  });

  it('teacher no-show: abolished at start + 10 min, refunded and compensated once, student told once, across two instances at once', async () => {
    const ctx = await setup();
    const c = await liveClass(ctx);
    const other = await createTestApp({ clock: ctx.clock, reuseDatabaseOf: ctx.t });
    const a = attendanceOn(ctx);
    const b = attendanceOn({ ...(await servicesFor(other, ctx.clock)), db: other.db, clock: ctx.clock });
    await a.seatJoined(c.courseId, 'student', START - MINUTE);

    ctx.clock.set(START + 10 * MINUTE - 1);
    expect(await a.runDue()).toMatchObject({ abolished: 0 });
    expect((await courseRow(ctx, c.courseId)).status).toBe(100);

    ctx.clock.set(START + 10 * MINUTE);
    const runs = await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
    expect(runs.reduce((n, r) => n + r.abolished, 0)).toBe(1);
    expect(await Promise.all([a.runDue(), b.runDue()])).toEqual([
      { started: 0, abolished: 0, absent: 0, links_sent: 0, sms_failed: 0 },
      { started: 0, abolished: 0, absent: 0, links_sent: 0, sms_failed: 0 },
    ]);
    expect((await courseRow(ctx, c.courseId)).status).toBe(-100);
    expect((await coinLogsOf(ctx.db, c.studentId)).map((l) => [l.type, l.amount])).toEqual([
      [300, 1000],
      [500, -PRICE],
      [600, PRICE],
      [700, PRICE],
    ]);
    await expectLedgersWhole(ctx.db);
    const told = noticesTo(ctx, c.mobile, 'teacherNoShow');
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain('老师未能出席');
    // The class page shows it called off (status -100), without playback.
    expect(await ctx.courses.getCourseInfo(c.studentId, c.courseId)).toMatchObject({ status: -100 });
    // The operator's report afterwards is refused as a repeat: no second refund.
    await expect(ctx.classLifecycle.markTeacherNoShow(c.courseId)).rejects.toMatchObject({
      messageKey: 'course.abolished',
    });
  });

  it("a live class an operator called off for the teacher's no-show: the job tells the student, once", async () => {
    const ctx = await setup();
    const live = await liveClass(ctx);
    const demo = await liveClass(ctx, {
      live: false,
      teacher: await createTeacher(ctx.db, { price_coins: PRICE }),
    });
    ctx.clock.set(START + 5 * MINUTE);
    await ctx.classLifecycle.markTeacherNoShow(live.courseId);
    await ctx.classLifecycle.markTeacherNoShow(demo.courseId);
    const attendance = attendanceOn(ctx);
    await Promise.all([attendance.runDue(), attendanceOn(ctx).runDue()]);
    await attendance.runDue();
    expect(noticesTo(ctx, live.mobile, 'teacherNoShow')).toHaveLength(1);
    // A demo-room class keeps today's behaviour: no notice from the live classroom.
    expect(noticesTo(ctx, demo.mobile, 'teacherNoShow')).toHaveLength(0);
  });

  it('a teacher who came (even before the start, and left) is no no-show', async () => {
    const ctx = await setup();
    const c = await liveClass(ctx);
    const attendance = attendanceOn(ctx);
    await attendance.seatJoined(c.courseId, 'teacher', START - 3 * MINUTE);
    await attendance.seatLeft(c.courseId, 'teacher', START + MINUTE);
    await attendance.seatJoined(c.courseId, 'student', START + 2 * MINUTE);
    ctx.clock.set(START + 20 * MINUTE);
    expect(await attendance.runDue()).toMatchObject({ abolished: 0, absent: 0 });
    expect((await courseRow(ctx, c.courseId)).status).toBe(100);
    ctx.clock.set(START + LESSON);
    await ctx.classLifecycle.advanceStatuses();
    expect(await attendance.runDue()).toMatchObject({ abolished: 0, absent: 0 });
    expect(await courseRow(ctx, c.courseId)).toMatchObject({ status: 300, attended: null });
    expect(await ctx.wallet.getCoinBalance(c.studentId)).toEqual({ coins: 1000 - PRICE });
  });

  it('student never present: 300 at the end with attended = false and no playback; nothing refunded', async () => {
    const ctx = await setup();
    const c = await liveClass(ctx);
    const attendance = attendanceOn(ctx);
    await attendance.seatJoined(c.courseId, 'teacher', START - MINUTE);
    ctx.clock.set(START + LESSON - 1);
    expect(await attendance.runDue()).toMatchObject({ absent: 0 });
    ctx.clock.set(START + LESSON);
    const runs = await Promise.all([attendance.runDue(), attendanceOn(ctx).runDue()]);
    expect(runs.reduce((n, r) => n + r.absent, 0)).toBeGreaterThanOrEqual(1);
    expect(await attendance.runDue()).toMatchObject({ absent: 0 });
    expect(await courseRow(ctx, c.courseId)).toMatchObject({ status: 300, attended: 0, playback_url: null });
    expect(await ctx.classLifecycle.recordPlayback(c.courseId, 'https://example.test/rec.webm')).toBe(false);
    expect(await ctx.courses.getCourseInfo(c.studentId, c.courseId)).toMatchObject({
      status: 300,
      attended: false,
      playback: { state: 'missed', url: null },
    });
    expect(await ctx.wallet.getCoinBalance(c.studentId)).toEqual({ coins: 1000 - PRICE });
    await expectLedgersWhole(ctx.db);
  });

  it('neither came: the teacher no-show wins (abolished, compensated), the student is not marked absent', async () => {
    const ctx = await setup();
    const c = await liveClass(ctx);
    const attendance = attendanceOn(ctx);
    // The job was not running during the class: both rules are due at once.
    ctx.clock.set(START + LESSON + MINUTE);
    expect(await attendance.runDue()).toMatchObject({ abolished: 1, absent: 0 });
    expect((await courseRow(ctx, c.courseId)).status).toBe(-100);
    expect(await ctx.wallet.getCoinBalance(c.studentId)).toEqual({ coins: 1000 + PRICE });
  });

  it('demo-room classes, and every class while the driver is demo, keep the clock: the job changes nothing', async () => {
    const ctx = await setup();
    const demo = await liveClass(ctx, {
      live: false,
      teacher: await createTeacher(ctx.db, { price_coins: PRICE }),
    });
    const live = await liveClass(ctx);
    ctx.clock.set(START + LESSON + MINUTE);
    expect(await attendanceOn(ctx, { settings: { live: false } }).runDue()).toEqual({
      started: 0,
      abolished: 0,
      absent: 0,
      links_sent: 0,
      sms_failed: 0,
    });
    expect((await courseRow(ctx, live.courseId)).status).toBe(100);
    expect(await attendanceOn(ctx).runDue()).toMatchObject({ abolished: 1 });
    expect((await courseRow(ctx, demo.courseId)).status).toBe(100);
    expect((await courseRow(ctx, live.courseId)).status).toBe(-100);
  });

  it('TEACHER_NO_SHOW_MINUTES sets the no-show time', async () => {
    const ctx = await setup();
    const c = await liveClass(ctx);
    const attendance = attendanceOn(ctx, { settings: { live: true, teacherNoShowMinutes: 5 } });
    ctx.clock.set(START + 5 * MINUTE - 1);
    expect(await attendance.runDue()).toMatchObject({ abolished: 0 });
    ctx.clock.set(START + 5 * MINUTE);
    expect(await attendance.runDue()).toMatchObject({ abolished: 1 });
    expect((await courseRow(ctx, c.courseId)).status).toBe(-100);
  });

  it("sends the teacher's room link by SMS as the room opens, once, only to a teacher with a phone", async () => {
    const ctx = await setup();
    const attendance = attendanceOn(ctx);
    const c = await liveClass(ctx);
    const withoutPhone = await createTeacher(ctx.db, { price_coins: PRICE });
    const unreachable = await liveClass(ctx, { teacher: withoutPhone });
    const phone = '13912345678';
    expect(await attendance.setTeacherPhone(ctx.teacher, phone)).toBe(true);
    expect(await attendance.setTeacherPhone(999_999, phone)).toBe(false);

    ctx.clock.set(START - 10 * MINUTE - 1);
    expect(await attendance.runDue()).toMatchObject({ links_sent: 0 });
    ctx.clock.set(START - 10 * MINUTE);
    const runs = await Promise.all([attendance.runDue(), attendanceOn(ctx).runDue()]);
    expect(runs.reduce((n, r) => n + r.links_sent, 0)).toBe(1);
    expect(await attendance.runDue()).toMatchObject({ links_sent: 0 });

    const sent = noticesTo(ctx, phone, 'teacherClassLink');
    expect(sent).toHaveLength(1);
    const link = /https:\/\/school\.example\/classroom\/(\d+)\?t=(\S+)/.exec(sent[0]?.text ?? '');
    expect(link?.[1]).toBe(String(c.courseId));
    const token = decodeURIComponent(link?.[2] ?? '');
    const secret = await attendance.teacherLinkSecret();
    expect(verifyTeacherLink(secret, token, ctx.clock.now())).toEqual({
      courseId: c.courseId,
      teacherId: ctx.teacher,
    });
    // Valid until the room closes (end + 30 min), not after.
    expect(verifyTeacherLink(secret, token, START + LESSON + 30 * MINUTE - 1)).toBeDefined();
    expect(verifyTeacherLink(secret, token, START + LESSON + 30 * MINUTE)).toBeUndefined();
    expect(await attendance.verifyTeacherLink(token)).toEqual({
      courseId: c.courseId,
      teacherId: ctx.teacher,
    });
    // The ops link is the same link.
    expect((await attendance.teacherLink(c.courseId))?.url).toBe(link?.[0]);
    // The class whose teacher has no phone gets no SMS, and is not claimed (a phone added later still gets it).
    expect(await attendance.setTeacherPhone(withoutPhone, '13900000001')).toBe(true);
    expect(await attendance.runDue()).toMatchObject({ links_sent: 1 });
    expect(noticesTo(ctx, '13900000001', 'teacherClassLink')).toHaveLength(1);
    expect(unreachable.courseId).not.toBe(c.courseId);
  });
});

describe('the job in the app', () => {
  async function appWithClass(env: Record<string, string>) {
    const clock = manualClock(NOW);
    const t = await createTestApp({ clock, env });
    const teacher = await createTeacher(t.db, { price_coins: PRICE });
    const studentId = await createStudent(t.db);
    await giveCoins(t.db, t.app.wallet, studentId, 1000);
    const course = await t.app.courses.book({
      studentId,
      slotId: await createSlot(t.db, teacher, { start_at: START }),
      payType: 'coin',
    });
    // The room link the configured driver gives, by the job that opens rooms (within a day of the start).
    clock.set(START - 60 * MINUTE);
    await t.app.jobs.runOnce('courses.open-classrooms');
    const room = await t.db
      .selectFrom('course')
      .select('classroom_url')
      .where('id', '=', course.id)
      .executeTakeFirstOrThrow();
    return { t, clock, courseId: course.id, roomUrl: room.classroom_url };
  }

  it('runs as classroom.attendance with CLASSROOM_DRIVER=live, at TEACHER_NO_SHOW_MINUTES from the environment', async () => {
    const { t, clock, courseId, roomUrl } = await appWithClass({
      CLASSROOM_DRIVER: 'live',
      TEACHER_NO_SHOW_MINUTES: '15',
    });
    expect(roomUrl).toBe(`/classroom/${courseId}`);
    clock.set(START + 15 * MINUTE - 1);
    expect(await t.app.jobs.runOnce('classroom.attendance')).toMatchObject({ abolished: 0 });
    clock.set(START + 15 * MINUTE);
    expect(await t.app.jobs.runOnce('classroom.attendance')).toMatchObject({ abolished: 1 });
    const row = await t.db
      .selectFrom('course')
      .select('status')
      .where('id', '=', courseId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(-100);
  });

  it('changes nothing with the demo driver', async () => {
    const { t, clock, courseId, roomUrl } = await appWithClass({ CLASSROOM_DRIVER: 'demo' });
    expect(roomUrl).toMatch(/^\/api\/v1\/classroom\/demo\//);
    clock.set(START + LESSON + MINUTE);
    expect(await t.app.jobs.runOnce('classroom.attendance')).toEqual({
      started: 0,
      abolished: 0,
      absent: 0,
      links_sent: 0,
      sms_failed: 0,
      ticket_claims_purged: 0,
    });
    const row = await t.db
      .selectFrom('course')
      .select('status')
      .where('id', '=', courseId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(100);
  });
});
