import { describe, expect, it } from 'vitest';
import { MINUTE } from './helpers/courses.ts';
import {
  client,
  getRoom,
  listen,
  openClass,
  quiet,
  relogin,
  setupLive as setup,
} from './helpers/classroom.ts';
import type { Room } from '@app/contract/classroom';

/**
 * The class page of a class held in the live room (issue 35, DESIGN.md §12): "in class" (200) comes
 * from the attendance the room records (both seats there at or after the start), not from the clock;
 * the list, the class page and the timetable read the same status. A class in the demo room keeps
 * the clock.
 */

/** Polls until `read` gives `want` (attendance is written after the socket's events) or 15 s pass. */
async function eventually<T>(read: () => Promise<T>, want: T): Promise<T> {
  const deadline = Date.now() + 15_000;
  let value = await read();
  while (JSON.stringify(value) !== JSON.stringify(want) && Date.now() < deadline) {
    await quiet(50);
    value = await read();
  }
  return value;
}

describe('the class page of a live class', () => {
  it('shows "in class" once both seats are in the room at or after the start, and over at the end', async () => {
    const ctx = await setup();
    const base = await listen(ctx.t);
    const room = await openClass(ctx);
    const { t } = ctx;
    await t.app.jobs.runOnce('courses.open-classrooms');
    const studentId = room.session.studentId;
    const status = async () => (await t.app.courses.getCourseInfo(studentId, room.course.id)).status;
    const listed = async () =>
      (await t.app.courses.getCourseList(studentId, { scope: 'recent', current: 1, size: 10 })).records.find(
        (c) => c.id === room.course.id,
      )?.status;
    expect((await t.app.courses.getCourseInfo(studentId, room.course.id)).classroom_url).toBe(
      `/classroom/${room.course.id}`,
    );

    // Past the start with nobody in the room: still 100, whatever the clock says.
    t.clock.advance(room.startAt + MINUTE - t.clock.now());
    await t.app.jobs.runOnce('courses.advance-statuses');
    expect(await status()).toBe(100);
    expect(await listed()).toBe(100);

    // The student alone: still 100.
    const fresh = await getRoom(t, `id=${room.course.id}`, await relogin(ctx, room.session.mobile));
    const s = client(base, (fresh.body.data as Room).ticket);
    await s.next('welcome');
    await quiet();
    expect(await status()).toBe(100);

    // The teacher comes: in class at once, on the class page and in the list.
    const link = await getRoom(t, `id=${room.course.id}&t=${encodeURIComponent(room.teacherLink)}`);
    const tch = client(base, (link.body.data as Room).ticket);
    await tch.next('welcome');
    expect(await eventually(status, 200)).toBe(200);
    expect(await listed()).toBe(200);
    const stored = await t.db
      .selectFrom('course')
      .select('status')
      .where('id', '=', room.course.id)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe(200);

    // A seat leaving does not take it back; the end makes it over.
    s.send({ type: 'leave' });
    await s.closed;
    await quiet();
    expect(await status()).toBe(200);
    t.clock.advance(room.endAt - t.clock.now());
    expect(await status()).toBe(300);
    tch.send({ type: 'leave' });
    await tch.closed;
  });

  it('keeps the clock for a class in the demo room', async () => {
    const ctx = await setup({ env: { CLASSROOM_DRIVER: 'demo' } });
    const room = await openClass(ctx);
    const { t } = ctx;
    await t.app.jobs.runOnce('courses.open-classrooms');
    const info = await t.app.courses.getCourseInfo(room.session.studentId, room.course.id);
    expect(info.classroom_url).toMatch(/^\/api\/v1\/classroom\/demo\//);
    t.clock.advance(room.startAt - t.clock.now());
    expect((await t.app.courses.getCourseInfo(room.session.studentId, room.course.id)).status).toBe(200);
  });
});
