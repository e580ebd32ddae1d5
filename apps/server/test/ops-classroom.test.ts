import { describe, expect, it } from 'vitest';
import { verifyTeacherLink } from '../src/modules/classroom/teacher-link.ts';
import { DAY, MINUTE, createStudent, giveCoins, wholeMinute } from './helpers/courses.ts';
import { createSlot, createTeacher } from './helpers/factories.ts';
import { auditRows, setupOps, type OpsCtx } from './helpers/ops.ts';

/**
 * The operations CLI's live classroom commands (issue 35): `class teacher-link`, `class attendance`
 * and `teacher set-phone`, run in-process through `runOps` on the test database: output, refusals
 * (exit 1), bad input (exit 2) and the audit record of the one that changes something.
 */

const NOW = wholeMinute(Date.now());
const START = NOW + 2 * DAY;
const PRICE = 100;

async function booked(ctx: OpsCtx) {
  const teacher = await createTeacher(ctx.t.db, { price_coins: PRICE });
  const studentId = await createStudent(ctx.t.db);
  await giveCoins(ctx.t.db, ctx.t.app.wallet, studentId, 3 * PRICE);
  const course = await ctx.t.app.courses.book({
    studentId,
    slotId: await createSlot(ctx.t.db, teacher, { start_at: START, minutes: 25 }),
    payType: 'coin',
  });
  return { teacher, studentId, courseId: course.id };
}

describe('ops: live classroom', () => {
  it("class teacher-link prints the teacher's room link on the web app's origin, valid until the room closes", async () => {
    const ctx = await setupOps(NOW);
    const { teacher, courseId, studentId } = await booked(ctx);
    const out = await ctx.ops('class', 'teacher-link', '--class', String(courseId));
    expect(out.code).toBe(0);
    const [url, window] = out.stdout.split('\n');
    const origin = ctx.t.config.PUBLIC_URL;
    expect(url?.startsWith(`${origin}/classroom/${courseId}?t=`)).toBe(true);
    expect(window).toBe(
      `class ${courseId}, teacher ${teacher}: the room opens at ${new Date(START - 10 * MINUTE).toISOString()} and closes at ${new Date(START + 55 * MINUTE).toISOString()}`,
    );
    const token = decodeURIComponent(new URL(url ?? '').searchParams.get('t') ?? '');
    const secret = await ctx.t.app.services.attendance.teacherLinkSecret();
    expect(verifyTeacherLink(secret, token, START)).toEqual({ courseId, teacherId: teacher });
    // The same link every time (the token depends on the class alone).
    expect((await ctx.ops('class', 'teacher-link', '--class', String(courseId))).stdout).toBe(out.stdout);

    expect(await ctx.ops('class', 'teacher-link', '--class', '999999')).toMatchObject({
      code: 1,
      stderr: 'Refused: no class 999999',
    });
    expect((await ctx.ops('class', 'teacher-link', '--class', 'abc')).code).toBe(2);
    expect((await ctx.ops('class', 'teacher-link')).code).toBe(2);

    // A cancelled class's room never opens.
    await ctx.t.app.courses.cancel({ studentId, courseId, reason: 'personal' });
    expect(await ctx.ops('class', 'teacher-link', '--class', String(courseId))).toMatchObject({
      code: 1,
      stderr: `Refused: class ${courseId} was cancelled: its room does not open`,
    });
    // A closed room: refused.
    const later = await booked(ctx);
    ctx.clock.set(START + 55 * MINUTE);
    expect(await ctx.ops('class', 'teacher-link', '--class', String(later.courseId))).toMatchObject({
      code: 1,
      stderr: `Refused: class ${later.courseId}: its room closed at ${new Date(START + 55 * MINUTE).toISOString()}`,
    });
    // Read-only: no audit record.
    expect(await auditRows(ctx)).toEqual([]);
  });

  it('class attendance prints each stay of each seat, the minutes in class and the recording', async () => {
    const ctx = await setupOps(NOW);
    const { courseId } = await booked(ctx);
    const none = await ctx.ops('class', 'attendance', '--class', String(courseId));
    expect(none.code).toBe(0);
    expect(none.stdout.split('\n')).toEqual([
      `class ${courseId}: ${new Date(START).toISOString()} to ${new Date(START + 25 * MINUTE).toISOString()}, status 100`,
      'student: 0 min in class, 0 stay(s)',
      '  never entered',
      'teacher: 0 min in class, 0 stay(s)',
      '  never entered',
      'recording: none',
    ]);

    const attendance = ctx.t.app.services.attendance;
    const at = (minutes: number) => START + minutes * MINUTE;
    await attendance.seatJoined(courseId, 'teacher', at(-5));
    await attendance.seatJoined(courseId, 'student', at(-2));
    await attendance.seatLeft(courseId, 'student', at(7));
    await attendance.seatJoined(courseId, 'student', at(9));
    ctx.clock.set(at(20));
    const out = await ctx.ops('class', 'attendance', '--class', String(courseId));
    expect(out.code).toBe(0);
    const iso = (minutes: number) => new Date(at(minutes)).toISOString();
    expect(out.stdout.split('\n')).toEqual([
      `class ${courseId}: ${iso(0)} to ${iso(25)}, status 100`,
      'student: 18 min in class, 2 stay(s)',
      `  joined ${iso(-2)}, left ${iso(7)} (9 min)`,
      `  joined ${iso(9)}, still in the room (11 min)`,
      'teacher: 20 min in class, 1 stay(s)',
      `  joined ${iso(-5)}, still in the room (25 min)`,
      'recording: none',
    ]);
    // The recording's state, size and duration once the teacher's seat uploaded it.
    await ctx.t.db
      .insertInto('class_recording')
      .values({
        course_id: courseId,
        state: 'final',
        size: 1.5 * 1024 * 1024,
        duration_ms: 1_500_000,
        started_at: at(0),
        updated_at: at(25),
      })
      .execute();
    const recorded = await ctx.ops('class', 'attendance', '--class', String(courseId));
    expect(recorded.stdout.split('\n').at(-1)).toBe('recording: final, 1.5 MB, 1500 s');
    expect(await ctx.ops('class', 'attendance', '--class', '999999')).toMatchObject({ code: 1 });
    expect(await auditRows(ctx)).toEqual([]);
  });

  it('teacher set-phone stores the phone the room link goes to, with an audit record; none removes it', async () => {
    const ctx = await setupOps(NOW);
    const teacher = await createTeacher(ctx.t.db, { price_coins: PRICE });
    expect(
      await ctx.ops('teacher', 'set-phone', '--teacher', String(teacher), '--phone', '+8613912345678'),
    ).toMatchObject({ code: 0, stdout: `teacher ${teacher}: phone set` });
    expect(await ctx.t.app.services.attendance.teacherPhone(teacher)).toBe('+8613912345678');
    const bad = await ctx.ops('teacher', 'set-phone', '--teacher', String(teacher), '--phone', '12ab');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('the phone is 6-20 digits');
    expect(
      await ctx.ops('teacher', 'set-phone', '--teacher', '999999', '--phone', '13900000000'),
    ).toMatchObject({
      code: 1,
      stderr: 'Refused: no teacher 999999',
    });
    expect(
      (await ctx.ops('teacher', 'set-phone', '--teacher', String(teacher), '--phone', 'none')).code,
    ).toBe(0);
    expect(await ctx.t.app.services.attendance.teacherPhone(teacher)).toBeUndefined();
    const audit = await auditRows(ctx);
    expect(audit.map((a) => [a.command, a.before, a.after])).toEqual([
      [
        'teacher set-phone',
        { teacher_id: teacher, phone: null },
        { teacher_id: teacher, phone: '+8613912345678' },
      ],
      [
        'teacher set-phone',
        { teacher_id: teacher, phone: '+8613912345678' },
        { teacher_id: teacher, phone: null },
      ],
    ]);
  });
});
