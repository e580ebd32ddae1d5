import { describe, expect, it } from 'vitest';
import { DEMO_RECORDING_URL } from '../src/providers/classroom/demo-classroom-provider.ts';
import { createSlot, createTeacher } from './helpers/factories.ts';
import { DAY, HOUR, MINUTE, createStudent, giveCoins, wholeMinute } from './helpers/courses.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The classroom provider (`demo`) and its jobs (DESIGN.md §7 "Class lifecycle"): room links made a
 * day ahead and shown from 10 minutes before the start, the demo room page, recordings delivered
 * once for held classes and never for missed, abolished or cancelled ones.
 */

async function setup() {
  const t = await createTestApp({ env: { CLASSROOM_DRIVER: 'demo' } });
  const teacher = await createTeacher(t.db, { name: 'Emily Carter', price_coins: 100 });
  return { t, teacher };
}

/** A class of a new student with coins, starting `startIn` from now (booked through the service). */
async function bookClass(t: TestApp, teacher: number, startIn: number, studentId?: number) {
  const student = studentId ?? (await createStudent(t.db));
  await giveCoins(t.db, t.app.wallet, student, 1000);
  const slotId = await createSlot(t.db, teacher, { start_at: wholeMinute(t.clock.now() + startIn) });
  const course = await t.app.courses.book({ studentId: student, slotId, payType: 'coin' });
  return { student, course };
}

async function courseRow(t: TestApp, id: number) {
  return t.db
    .selectFrom('course')
    .select(['classroom_url', 'playback_url', 'playback_ready_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('classroom links (job courses.open-classrooms)', () => {
  it('are made a day ahead, shown from 10 minutes before the start, and open the demo room page for the owner', async () => {
    const { t, teacher } = await setup();
    const { student, course } = await bookClass(t, teacher, 2 * DAY);

    expect(await t.app.jobs.runOnce('courses.open-classrooms')).toEqual({ opened: 0 });
    t.clock.advance(DAY + HOUR);
    expect(await t.app.jobs.runOnce('courses.open-classrooms')).toEqual({ opened: 1 });
    expect(await t.app.jobs.runOnce('courses.open-classrooms')).toEqual({ opened: 0 });
    const { classroom_url: url } = await courseRow(t, course.id);
    expect(url).toMatch(new RegExp(`^/api/v1/classroom/demo/${course.id}\\?t=[\\w-]{43}$`));

    // Not shown yet a day ahead; shown 10 minutes before the start.
    expect((await t.app.courses.getCourseInfo(student, course.id)).classroom_url).toBeNull();
    t.clock.advance(Date.parse(course.start) - t.clock.now() - 9 * MINUTE);
    expect((await t.app.courses.getCourseInfo(student, course.id)).classroom_url).toBe(url);

    const before = await t.app.inject({ method: 'GET', url: url! });
    expect(before.statusCode).toBe(200);
    expect(before.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(before.headers['cache-control']).toBe('no-store');
    expect(before.body).toContain('Demo classroom');
    expect(before.body).toContain('Emily Carter');
    expect(before.body).toMatch(/Class starts in (9|10) min/);

    t.clock.advance(15 * MINUTE);
    const live = await t.app.inject({ method: 'GET', url: url! });
    expect(live.statusCode).toBe(200);
    expect(live.body).toContain('Class in progress');
  });

  it('answer an HTML 404 for a wrong token, another class’s token or an unknown class', async () => {
    const { t, teacher } = await setup();
    const a = await bookClass(t, teacher, 2 * HOUR);
    const b = await bookClass(t, teacher, 3 * HOUR);
    await t.app.jobs.runOnce('courses.open-classrooms');
    const urlA = (await courseRow(t, a.course.id)).classroom_url!;
    const tokenB = new URL((await courseRow(t, b.course.id)).classroom_url!, 'http://x').searchParams.get(
      't',
    );

    for (const url of [
      `/api/v1/classroom/demo/${a.course.id}?t=${tokenB}`,
      `/api/v1/classroom/demo/${a.course.id}?t=${'A'.repeat(43)}`,
      `/api/v1/classroom/demo/${a.course.id}`,
      `/api/v1/classroom/demo/999999?t=${tokenB}`,
    ]) {
      const reply = await t.app.inject({ method: 'GET', url });
      expect(reply.statusCode, url).toBe(404);
      expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(reply.body).toContain('Classroom link not valid');
      expect(reply.body).not.toContain('Emily Carter');
    }
    expect((await t.app.inject({ method: 'GET', url: urlA })).statusCode).toBe(200);
    // A cancelled class's room says so.
    await t.app.courses.cancel({ studentId: a.student, courseId: a.course.id, reason: 'personal' });
    const cancelled = await t.app.inject({ method: 'GET', url: urlA });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.body).toContain('This class was cancelled');
  });
});

describe('recordings (job courses.deliver-recordings)', () => {
  it('are delivered once for a held class, and never for a missed, abolished or cancelled one', async () => {
    const { t, teacher } = await setup();
    const held = await bookClass(t, teacher, 2 * DAY);
    const missed = await bookClass(t, teacher, 2 * DAY + HOUR);
    const abolished = await bookClass(t, teacher, 2 * DAY + 2 * HOUR);
    const cancelled = await bookClass(t, teacher, 2 * DAY + 3 * HOUR);
    await t.app.courses.cancel({
      studentId: cancelled.student,
      courseId: cancelled.course.id,
      reason: 'other',
    });

    // Nothing before the classes end.
    expect(await t.app.jobs.runOnce('courses.deliver-recordings')).toEqual({ delivered: 0, failed: 0 });

    t.clock.advance(2 * DAY + 2 * HOUR + 5 * MINUTE);
    await t.app.classLifecycle.markStudentAbsent(missed.course.id);
    await t.app.classLifecycle.markTeacherNoShow(abolished.course.id);
    t.clock.advance(2 * HOUR);
    await t.app.jobs.runOnce('courses.advance-statuses');

    expect(await t.app.jobs.runOnce('courses.deliver-recordings')).toEqual({ delivered: 1, failed: 0 });
    const first = await courseRow(t, held.course.id);
    expect(first.playback_url).toBe(DEMO_RECORDING_URL);
    t.clock.advance(MINUTE);
    expect(await t.app.jobs.runOnce('courses.deliver-recordings')).toEqual({ delivered: 0, failed: 0 });
    expect(await courseRow(t, held.course.id)).toEqual(first);

    const playback = (student: number, id: number) =>
      t.app.courses.getCourseInfo(student, id).then((info) => info.playback);
    expect(await playback(held.student, held.course.id)).toMatchObject({
      state: 'ready',
      url: DEMO_RECORDING_URL,
    });
    expect(await playback(missed.student, missed.course.id)).toEqual({
      state: 'missed',
      url: null,
      expires_at: null,
    });
    for (const other of [missed, abolished, cancelled]) {
      expect((await courseRow(t, other.course.id)).playback_url).toBeNull();
    }
    expect((await playback(abolished.student, abolished.course.id)).url).toBeNull();
  });

  it('are not fetched for classes whose playback window (end + 30 days) has passed', async () => {
    const { t, teacher } = await setup();
    const old = await bookClass(t, teacher, 2 * HOUR);
    t.clock.advance(31 * DAY);
    expect(await t.app.jobs.runOnce('courses.deliver-recordings')).toEqual({ delivered: 0, failed: 0 });
    expect((await courseRow(t, old.course.id)).playback_url).toBeNull();
  });
});
