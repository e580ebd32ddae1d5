import { describe, expect, it } from 'vitest';
import { PROGRESS_STREAK_MAX_WEEKS, type Progress } from '@app/contract/progress';
import { createStudentSession } from '../../../test-support/students.ts';
import { envelope, get, transportOf } from './helpers/auth.ts';
import {
  createStudent,
  DAY,
  expectRefusal,
  HOUR,
  manualClock,
  MINUTE,
  servicesAt,
} from './helpers/courses.ts';
import { createSlot, createTeacher } from './helpers/factories.ts';
import { createTestApp } from './helpers/test-app.ts';
import type { Db } from '../src/db/database.ts';

/**
 * "My progress" (issue 37): the figures of GET /user/getProgress, computed on a real database
 * (SQLite, or PostgreSQL with TEST_DATABASE_URL), in Beijing days and Monday-first weeks.
 */

/** An instant given in Beijing wall time (UTC+8). */
const bj = (y: number, m: number, d: number, h = 19, min = 0) => Date.UTC(y, m - 1, d, h - 8, min);

type ClassSpec = {
  start: number;
  minutes?: number;
  teacher: number;
  status?: number;
  attended?: number | null;
  late?: boolean;
};

/** A class row as the courses area stores it (the service tests of the figures need many, fast). */
async function addClass(db: Db, student: number, spec: ClassSpec): Promise<number> {
  const minutes = spec.minutes ?? 25;
  const slot = await createSlot(db, spec.teacher, { start_at: spec.start, minutes, state: 'booked' });
  const status = spec.status ?? 300;
  const { id } = await db
    .insertInto('course')
    .values({
      student_id: student,
      teacher_id: spec.teacher,
      slot_id: slot,
      start_at: spec.start,
      end_at: spec.start + minutes * MINUTE,
      status,
      pay_type: 'coin',
      price_coins: 100,
      card_id: null,
      cancel_reason: status === -200 ? 'personal' : null,
      cancel_remark: null,
      cancelled_at: status === -200 ? spec.start - (spec.late ? HOUR : 2 * DAY) : null,
      late_cancel: spec.late ? 1 : 0,
      attended: spec.attended === undefined ? (status === 300 ? 1 : null) : spec.attended,
      classroom_url: null,
      playback_url: null,
      playback_ready_at: null,
      reminder_sent_at: null,
      reminder_next_at: null,
      recording_next_at: null,
      created_at: spec.start - 2 * DAY,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

describe('the progress figures', () => {
  it('counts attendance as attended / booked, with absences and late cancellations apart', async () => {
    const now = bj(2026, 11, 20, 12);
    const ctx = await servicesAt(now);
    const [a, b] = [await createTeacher(ctx.db), await createTeacher(ctx.db)];
    const me = await createStudent(ctx.db);
    await addClass(ctx.db, me, { start: bj(2026, 11, 2), teacher: a });
    await addClass(ctx.db, me, { start: bj(2026, 11, 4), teacher: a, minutes: 50 });
    // Nobody reported on it: attended, as the class lists count it.
    await addClass(ctx.db, me, { start: bj(2026, 11, 6), teacher: b, attended: null });
    // Stored as not started, but ended: over by the derived status (a stopped job shows no stale figure).
    await addClass(ctx.db, me, { start: bj(2026, 11, 9), teacher: b, status: 100, attended: null });
    await addClass(ctx.db, me, { start: bj(2026, 11, 11), teacher: a, attended: 0 });
    await addClass(ctx.db, me, { start: bj(2026, 11, 13), teacher: a, status: -200, late: true });
    // Cancelled in time and called off: neither booked nor attended.
    await addClass(ctx.db, me, { start: bj(2026, 11, 14), teacher: a, status: -200 });
    await addClass(ctx.db, me, { start: bj(2026, 11, 15), teacher: b, status: -100, attended: null });
    // Still to come this month, and last month: outside the figures.
    await addClass(ctx.db, me, { start: bj(2026, 11, 25), teacher: a, status: 100, attended: null });
    await addClass(ctx.db, me, { start: bj(2026, 10, 31, 23, 30), teacher: b });

    const p = await ctx.progress.getProgress(me, {});
    expect(p.from).toBe('2026-11-01');
    expect(p.to).toBe('2026-11-20');
    expect(p.summary).toEqual({
      attended: 4,
      minutes: 25 + 50 + 25 + 25,
      teachers: 2,
      absent: 1,
      late_cancelled: 1,
      booked: 6,
      attendance_rate: Math.round((4 / 6) * 1000) / 1000,
      // The week of 16 Nov has none yet, so it counts back from last week: 9 Nov, 2 Nov, 26 Oct.
      streak_weeks: 3,
    });
    expect(p.weeks).toEqual([
      { week_start: '2026-10-26', attended: 0 },
      { week_start: '2026-11-02', attended: 3 },
      { week_start: '2026-11-09', attended: 1 },
      { week_start: '2026-11-16', attended: 0 },
    ]);
    expect(p.has_history).toBe(true);

    // Nothing due in a period: no rate rather than 0 %.
    const empty = await ctx.progress.getProgress(me, { from: '2026-09-01', to: '2026-09-30' });
    expect(empty.summary).toMatchObject({ attended: 0, booked: 0, attendance_rate: null });
  });

  it('counts the streak in Beijing weeks, across the new year', async () => {
    // Wednesday 6 January 2027, Beijing.
    const now = bj(2027, 1, 6, 10);
    const ctx = await servicesAt(now);
    const t = await createTeacher(ctx.db);
    const me = await createStudent(ctx.db);
    // Monday 14 December 00:30 Beijing is still Sunday 13 December in UTC: the week of the 14th.
    await addClass(ctx.db, me, { start: bj(2026, 12, 14, 0, 30), teacher: t });
    await addClass(ctx.db, me, { start: bj(2026, 12, 23), teacher: t });
    // Thursday 31 December: the week of Monday 28 December holds the new year.
    await addClass(ctx.db, me, { start: bj(2026, 12, 31, 20), teacher: t });
    // Sunday 3 January 23:30 Beijing (15:30 UTC): still the week of 28 December.
    await addClass(ctx.db, me, { start: bj(2027, 1, 3, 23, 30), teacher: t });
    await addClass(ctx.db, me, { start: bj(2027, 1, 5), teacher: t });
    // An absence does not keep a streak alive, nor does a class before the gap.
    await addClass(ctx.db, me, { start: bj(2026, 12, 8), teacher: t, attended: 0 });
    await addClass(ctx.db, me, { start: bj(2026, 11, 30), teacher: t });

    const p = await ctx.progress.getProgress(me, { from: '2026-12-01', to: '2027-01-06' });
    expect(p.summary.streak_weeks).toBe(4);
    expect(p.weeks).toEqual([
      { week_start: '2026-11-30', attended: 0 },
      { week_start: '2026-12-07', attended: 0 },
      { week_start: '2026-12-14', attended: 1 },
      { week_start: '2026-12-21', attended: 1 },
      { week_start: '2026-12-28', attended: 2 },
      { week_start: '2027-01-04', attended: 1 },
    ]);

    // A whole week without a class ends the streak; the week under way without one yet keeps it.
    ctx.clock.set(bj(2027, 1, 18, 9));
    expect((await ctx.progress.getProgress(me, {})).summary.streak_weeks).toBe(0);
    ctx.clock.set(bj(2027, 1, 11, 9));
    expect((await ctx.progress.getProgress(me, {})).summary.streak_weeks).toBe(4);
  });

  it('counts a streak up to a year (52+ weeks), whatever the history before', async () => {
    const now = bj(2026, 11, 18, 10);
    const ctx = await servicesAt(now);
    const t = await createTeacher(ctx.db);
    const me = await createStudent(ctx.db);
    // 51 weeks in a row back from this week, across the new year of 2026.
    for (let w = 0; w < 51; w++)
      await addClass(ctx.db, me, { start: bj(2026, 11, 16) - w * 7 * DAY, teacher: t });
    expect((await ctx.progress.getProgress(me, {})).summary.streak_weeks).toBe(51);
    // The 52nd week: a year, the most the figure says.
    await addClass(ctx.db, me, { start: bj(2026, 11, 16) - 51 * 7 * DAY, teacher: t });
    expect((await ctx.progress.getProgress(me, {})).summary.streak_weeks).toBe(PROGRESS_STREAK_MAX_WEEKS);
    // Longer still (60 weeks): the same figure, read in as many steps.
    for (let w = 52; w < 60; w++)
      await addClass(ctx.db, me, { start: bj(2026, 11, 16) - w * 7 * DAY, teacher: t });
    expect((await ctx.progress.getProgress(me, {})).summary.streak_weeks).toBe(PROGRESS_STREAK_MAX_WEEKS);
    // On Monday morning with nothing yet this week, the year counts back from last week.
    ctx.clock.set(bj(2026, 11, 23, 8));
    expect((await ctx.progress.getProgress(me, {})).summary.streak_weeks).toBe(PROGRESS_STREAK_MAX_WEEKS);
  });

  it('counts a streak ending last week across the new year, in Beijing weeks whatever the UTC day', async () => {
    // Monday 4 January 2027, 07:00 Beijing: still Sunday 3 January in UTC, the new week in Beijing.
    const now = bj(2027, 1, 4, 7);
    const ctx = await servicesAt(now);
    const t = await createTeacher(ctx.db);
    const me = await createStudent(ctx.db);
    // Sunday 3 January 23:00 Beijing (15:00 UTC): last week, the week of Monday 28 December.
    await addClass(ctx.db, me, { start: bj(2027, 1, 3, 23), teacher: t });
    // Monday 21 December 00:10 Beijing (Sunday 20 December in UTC): the week of the 21st.
    await addClass(ctx.db, me, { start: bj(2026, 12, 21, 0, 10), teacher: t });
    // Sunday 20 December 23:50 Beijing: the week of the 14th, not the 21st.
    await addClass(ctx.db, me, { start: bj(2026, 12, 20, 23, 50), teacher: t });
    // Still to come today: not attended yet, so this week has none and the streak counts from last week.
    await addClass(ctx.db, me, { start: bj(2027, 1, 4, 19), teacher: t, status: 100, attended: null });
    expect((await ctx.progress.getProgress(me, {})).summary.streak_weeks).toBe(3);
    // Once it has ended (stored as not started: the derived status), this week counts too.
    ctx.clock.set(bj(2027, 1, 4, 20));
    expect((await ctx.progress.getProgress(me, {})).summary.streak_weeks).toBe(4);
  });

  it('finds a history of attended classes behind many cancellations and absences', async () => {
    const now = bj(2026, 11, 18, 10);
    const ctx = await servicesAt(now);
    const t = await createTeacher(ctx.db);
    const me = await createStudent(ctx.db);
    for (let k = 0; k < 5; k++) {
      await addClass(ctx.db, me, { start: bj(2026, 6, 1 + k), teacher: t, status: -200 });
      await addClass(ctx.db, me, { start: bj(2026, 7, 1 + k), teacher: t, attended: 0 });
    }
    expect((await ctx.progress.getProgress(me, {})).has_history).toBe(false);
    // Stored as not started but ended long ago (a stopped lifecycle job): attended.
    await addClass(ctx.db, me, { start: bj(2026, 8, 3), teacher: t, status: 100, attended: null });
    expect((await ctx.progress.getProgress(me, {})).has_history).toBe(true);
  });

  it('draws one score series per skill from the teacher reports of the period', async () => {
    const now = bj(2026, 11, 28, 12);
    const ctx = await servicesAt(now);
    const t = await createTeacher(ctx.db, { name: 'Amy' });
    const me = await createStudent(ctx.db);
    const report = async (start: number, scores: Record<string, number>, comment: string) => {
      const id = await addClass(ctx.db, me, { start, teacher: t });
      ctx.clock.set(start + HOUR);
      await ctx.classReviews.recordTeacherReport(id, { scores, comment, homework: `homework ${comment}` });
      return id;
    };
    await report(bj(2026, 10, 20), { grammar: 1 }, 'october');
    const first = await report(bj(2026, 11, 3), { fluency: 3, pronunciation: 2 }, 'first');
    const second = await report(bj(2026, 11, 10), { pronunciation: 4, grammar: 3, fluency: 4 }, 'second');
    ctx.clock.set(now);

    const p = await ctx.progress.getProgress(me, { from: '2026-11-01', to: '2026-11-30' });
    // REPORT_SKILLS' order: pronunciation, vocabulary, grammar, fluency, comprehension.
    expect(p.skills).toEqual([
      {
        skill: 'pronunciation',
        points: [
          { date: '2026-11-03', course_id: first, score: 2 },
          { date: '2026-11-10', course_id: second, score: 4 },
        ],
      },
      { skill: 'grammar', points: [{ date: '2026-11-10', course_id: second, score: 3 }] },
      {
        skill: 'fluency',
        points: [
          { date: '2026-11-03', course_id: first, score: 3 },
          { date: '2026-11-10', course_id: second, score: 4 },
        ],
      },
    ]);
    expect(p.comments.map((c) => c.comment)).toEqual(['second', 'first']);
    expect(p.latest_report).toMatchObject({
      comment: 'second',
      homework: 'homework second',
      teacher: { name: 'Amy' },
    });
  });

  it("never shows another student's classes or reports", async () => {
    const now = bj(2026, 11, 20, 12);
    const ctx = await servicesAt(now);
    const t = await createTeacher(ctx.db);
    const [me, other] = [await createStudent(ctx.db), await createStudent(ctx.db)];
    const theirs = await addClass(ctx.db, other, { start: bj(2026, 11, 10), teacher: t });
    await ctx.classReviews.recordTeacherReport(theirs, {
      scores: { grammar: 5 },
      comment: 'x',
      homework: 'y',
    });

    const p = await ctx.progress.getProgress(me, {});
    expect(p.summary).toMatchObject({ attended: 0, booked: 0, streak_weeks: 0 });
    expect(p.weeks.every((w) => w.attended === 0)).toBe(true);
    expect(p).toMatchObject({ skills: [], comments: [], latest_report: null, has_history: false });
    expect((await ctx.progress.getProgress(other, {})).summary.attended).toBe(1);
  });

  it('refuses a start after a defaulted end (today)', async () => {
    const ctx = await servicesAt(bj(2026, 11, 20, 12));
    const me = await createStudent(ctx.db);
    await expectRefusal(
      ctx.progress.getProgress(me, { from: '2026-12-01' }),
      400,
      'validation.progressOrder',
    );
    await expectRefusal(ctx.progress.getProgress(me, { to: '2029-01-01' }), 400, 'validation.progressRange');
  });
});

describe('GET /user/getProgress', () => {
  it('validates from and to in the request language, and needs a session', async () => {
    const t = await createTestApp({ clock: manualClock(bj(2026, 11, 20, 12)) });
    const s = await createStudentSession(transportOf(t));
    const refused = async (query: string, lang: 'zh-Hans' | 'en') => {
      const reply = await get(t, `/user/getProgress${query}`, { token: s.token, lang });
      expect(reply.statusCode, reply.body).toBe(400);
      return envelope(reply).msg;
    };
    expect(await refused('?from=2026-02-30', 'en')).toBe('The date is invalid; use YYYY-MM-DD');
    expect(await refused('?from=2026-11-01T00:00:00Z', 'zh-Hans')).toBe('日期格式不正确，请使用 YYYY-MM-DD');
    expect(await refused('?from=2026-11-10&to=2026-11-01', 'en')).toBe(
      'The start date cannot be after the end date',
    );
    expect(await refused('?from=2024-02-29&to=2026-03-01', 'zh-Hans')).toBe('时间范围最长为两年');

    const ok = await get(t, '/user/getProgress?from=2024-02-29&to=2026-02-28', { token: s.token });
    expect(ok.statusCode, ok.body).toBe(200);
    const data = envelope(ok).data as Progress;
    expect(data).toMatchObject({ from: '2024-02-29', to: '2026-02-28', has_history: false });
    expect(data.weeks.length).toBe(105);

    expect((await get(t, '/user/getProgress')).statusCode).toBe(401);
  });
});
