import { describe, expect, it } from 'vitest';
import { CODES } from '@app/contract/codes';
import { NOW, PRICE, setup, student, slot } from './helpers/classes.ts';
import { DAY, HOUR, MINUTE, expectLedgersWhole, expectRefusal, ledgerViolations } from './helpers/courses.ts';

/**
 * The student's classes read at service level: the timetable, the recent and finished lists, the
 * teachers' reports, and that another student's class or report is a 404 everywhere.
 */

describe('ownership', () => {
  it('another student’s class is a 404 everywhere, and their report too', async () => {
    const ctx = await setup();
    const owner = await student(ctx);
    const intruder = await student(ctx);
    const course = await ctx.courses.book({
      studentId: owner,
      slotId: await slot(ctx, 2 * DAY),
      payType: 'coin',
    });
    await expectRefusal(ctx.courses.getCourseInfo(intruder, course.id), CODES.NOT_FOUND, 'course.notFound');
    await expectRefusal(
      ctx.courses.cancel({ studentId: intruder, courseId: course.id, reason: 'other' }),
      CODES.NOT_FOUND,
      'course.notFound',
    );
    ctx.clock.set(NOW + 3 * DAY);
    await expectRefusal(
      ctx.classReviews.addCourseReview(intruder, { id: course.id, rating: 1, tags: [], content: '' }),
      CODES.NOT_FOUND,
      'course.notFound',
    );
    const reportId = (await ctx.classReviews.recordTeacherReport(course.id, {
      scores: { grammar: 4 },
      comment: 'c',
      homework: 'h',
    }))!;
    await expectRefusal(
      ctx.classReviews.getFeedbackInfo(intruder, { ec_id: course.id, id: reportId }),
      CODES.NOT_FOUND,
      'course.feedbackNotFound',
    );
    expect(
      (await ctx.courses.getCourseList(intruder, { scope: 'finished', current: 1, size: 10 })).total,
    ).toBe(0);
    expect((await ctx.classReviews.getFeedbackList(intruder, { current: 1, size: 10 })).total).toBe(0);
    expect(await ctx.wallet.getCoinBalance(owner)).toEqual({ coins: 1000 - PRICE });
  });
});

describe('timetable, lists and teachers’ reports', () => {
  it('recent = not started or in class (soonest first); finished = over, cancelled or abolished (latest first)', async () => {
    const ctx = await setup();
    const s = await student(ctx);
    const book = async (startIn: number) =>
      (await ctx.courses.book({ studentId: s, slotId: await slot(ctx, startIn), payType: 'coin' })).id;
    const a = await book(2 * DAY);
    const b = await book(3 * DAY);
    const c = await book(4 * DAY);
    const d = await book(5 * DAY);
    await ctx.courses.cancel({ studentId: s, courseId: d, reason: 'other' });
    await ctx.classLifecycle.markTeacherNoShow(c);
    ctx.clock.set(NOW + 3 * DAY + MINUTE); // a is over, b is in class (no job has run)
    const recent = await ctx.courses.getCourseList(s, { scope: 'recent', current: 1, size: 10 });
    expect(recent.records.map((r) => [r.id, r.status])).toEqual([[b, 200]]);
    const finished = await ctx.courses.getCourseList(s, { scope: 'finished', current: 1, size: 10 });
    expect(finished.records.map((r) => [r.id, r.status])).toEqual([
      [d, -200],
      [c, -100],
      [a, 300],
    ]);
    const page2 = await ctx.courses.getCourseList(s, { scope: 'finished', current: 2, size: 2 });
    expect(page2).toMatchObject({ total: 3, current: 2, size: 2 });
    expect(page2.records.map((r) => r.id)).toEqual([a]);
    const week = await ctx.courses.getTimetable(s, {
      from: new Date(NOW).toISOString(),
      to: new Date(NOW + 7 * DAY).toISOString(),
    });
    // Cancelled classes leave the timetable; abolished ones stay, marked.
    expect(week.records.map((r) => [r.id, r.status])).toEqual([
      [a, 300],
      [b, 200],
      [c, -100],
    ]);
    const narrow = await ctx.courses.getTimetable(s, {
      from: new Date(NOW + 2 * DAY).toISOString(),
      to: new Date(NOW + 3 * DAY).toISOString(),
    });
    expect(narrow.records.map((r) => r.id)).toEqual([a]);
  });

  it('lists teachers’ reports newest first and marks one read when opened', async () => {
    const ctx = await setup();
    const s = await student(ctx);
    const c1 = await ctx.courses.book({ studentId: s, slotId: await slot(ctx, 2 * DAY), payType: 'coin' });
    const c2 = await ctx.courses.book({ studentId: s, slotId: await slot(ctx, 3 * DAY), payType: 'coin' });
    ctx.clock.set(NOW + 2 * DAY + HOUR);
    const r1 = (await ctx.classReviews.recordTeacherReport(c1.id, {
      scores: { fluency: 4 },
      comment: 'Good',
      homework: 'Read',
    }))!;
    expect(
      await ctx.classReviews.recordTeacherReport(c1.id, { scores: {}, comment: 'again', homework: '' }),
    ).toBeUndefined();
    ctx.clock.set(NOW + 3 * DAY + HOUR);
    const r2 = (await ctx.classReviews.recordTeacherReport(c2.id, {
      scores: { grammar: 5 },
      comment: 'Great',
      homework: 'Write',
    }))!;
    const list = await ctx.classReviews.getFeedbackList(s, { current: 1, size: 10 });
    expect(list.records.map((r) => [r.id, r.course_id, r.read])).toEqual([
      [r2, c2.id, false],
      [r1, c1.id, false],
    ]);
    const info = await ctx.classReviews.getFeedbackInfo(s, { ec_id: c1.id, id: r1 });
    expect(info).toMatchObject({
      id: r1,
      scores: { fluency: 4 },
      comment: 'Good',
      homework: 'Read',
      read: true,
    });
    await expectRefusal(
      ctx.classReviews.getFeedbackInfo(s, { ec_id: c2.id, id: r1 }),
      CODES.NOT_FOUND,
      'course.feedbackNotFound',
    );
    expect((await ctx.classReviews.getFeedbackList(s, { current: 1, size: 10 })).records[1]!.read).toBe(true);
    expect((await ctx.courses.getCourseInfo(s, c2.id)).report).toMatchObject({ id: r2, read: false });
  });
});

describe('the home counts', () => {
  it('counts as finished only the classes attended; missed, cancelled and called-off ones apart', async () => {
    const ctx = await setup();
    const s = await student(ctx);
    const book = async (startIn: number) =>
      (await ctx.courses.book({ studentId: s, slotId: await slot(ctx, startIn), payType: 'coin' })).id;
    await book(2 * HOUR); // attended, stored as over by the lifecycle job
    await book(3 * HOUR); // attended, over by the clock alone (the job has not run since)
    const missed = await book(4 * HOUR);
    const calledOff = await book(5 * HOUR);
    const cancelled = await book(2 * DAY);
    await book(3 * DAY); // still to come
    await ctx.courses.cancel({ studentId: s, courseId: cancelled, reason: 'personal' });
    ctx.clock.set(NOW + 2 * HOUR + 30 * MINUTE);
    expect(await ctx.classLifecycle.advanceStatuses()).toMatchObject({ ended: 1 });
    ctx.clock.set(NOW + 6 * HOUR);
    await ctx.classLifecycle.markStudentAbsent(missed);
    await ctx.classLifecycle.markTeacherNoShow(calledOff);

    // Read together with a student without classes: each gets its own counts.
    const newcomer = await student(ctx);
    const overviews = await ctx.courses.getHomeOverviews([newcomer, s], 3);
    expect(overviews.get(newcomer)).toMatchObject({
      upcoming_classes: 0,
      finished_classes: 0,
      next_classes: [],
    });
    const home = overviews.get(s)!;
    expect(home).toMatchObject({
      upcoming_classes: 1,
      finished_classes: 5,
      attended_classes: 2,
      missed_classes: 1,
      cancelled_classes: 1,
      called_off_classes: 1,
    });
    // The finished list: every one of them, its total split the same way; the recent list: no split.
    const finished = await ctx.courses.getCourseList(s, { scope: 'finished', current: 1, size: 2 });
    expect(finished.total).toBe(home.finished_classes);
    expect(finished.records).toHaveLength(2);
    expect(finished.outcomes).toEqual({ attended: 2, missed: 1, cancelled: 1, called_off: 1 });
    const all = await ctx.courses.getCourseList(s, { scope: 'finished', current: 1, size: 10 });
    expect(all.records.filter((c) => c.status === 300 && c.attended !== false)).toHaveLength(2);
    const recent = await ctx.courses.getCourseList(s, { scope: 'recent', current: 1, size: 10 });
    expect(recent.total).toBe(1);
    expect(recent.outcomes).toBeUndefined();
  });

  it('keeps the outcomes in a tally that every booking, cancellation, no-show, absence and deletion moves, checked by the ledger audit', async () => {
    const ctx = await setup();
    const s = await student(ctx);
    const tally = async () =>
      Object.fromEntries(
        (
          await ctx.db
            .selectFrom('course_outcome_tally')
            .select(['outcome', 'entries'])
            .where('student_id', '=', s)
            .where('entries', '<>', 0)
            .orderBy('outcome')
            .execute()
        ).map((r) => [r.outcome, Number(r.entries)]),
      );
    const book = async (startIn: number) =>
      (await ctx.courses.book({ studentId: s, slotId: await slot(ctx, startIn), payType: 'coin' })).id;
    const [held, missed, calledOff, cancelled] = [
      await book(2 * HOUR),
      await book(3 * HOUR),
      await book(4 * HOUR),
      await book(2 * DAY),
    ];
    // A class to come counts as attended in the tally; the reads take the classes to come away.
    expect(await tally()).toEqual({ attended: 4 });
    await ctx.courses.cancel({ studentId: s, courseId: cancelled, reason: 'personal' });
    expect(await tally()).toEqual({ attended: 3, cancelled: 1 });
    // The lifecycle's 100 → 200 → 300 keeps a class in its outcome.
    ctx.clock.set(NOW + 3 * HOUR + 10 * MINUTE);
    expect(await ctx.classLifecycle.advanceStatuses()).toMatchObject({ ended: 1 });
    expect(await tally()).toEqual({ attended: 3, cancelled: 1 });
    await ctx.classLifecycle.markStudentAbsent(missed);
    ctx.clock.set(NOW + 6 * HOUR);
    await ctx.classLifecycle.markTeacherNoShow(calledOff);
    expect(await tally()).toEqual({ attended: 1, called_off: 1, cancelled: 1, missed: 1 });
    const counts = async () =>
      (await ctx.courses.getCourseList(s, { scope: 'finished', current: 1, size: 1 })).outcomes;
    expect(await counts()).toEqual({ attended: 1, missed: 1, cancelled: 1, called_off: 1 });
    await expectLedgersWhole(ctx.db);

    // Written outside the services (a seed, the ops CLI): counted all the same.
    await ctx.db.updateTable('course').set({ attended: 0 }).where('id', '=', held).execute();
    expect(await tally()).toEqual({ called_off: 1, cancelled: 1, missed: 2 });
    const seeded = await ctx.db
      .insertInto('course')
      .values({
        student_id: s,
        teacher_id: ctx.teacher,
        slot_id: await slot(ctx, 3 * DAY),
        start_at: NOW + 3 * DAY,
        end_at: NOW + 3 * DAY + 25 * MINUTE,
        status: -200,
        pay_type: 'coin',
        price_coins: PRICE,
        created_at: NOW,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await tally()).toEqual({ called_off: 1, cancelled: 2, missed: 2 });
    await ctx.db.deleteFrom('course').where('id', '=', seeded.id).execute();
    expect(await tally()).toEqual({ called_off: 1, cancelled: 1, missed: 2 });
    expect(await counts()).toEqual({ attended: 0, missed: 2, cancelled: 1, called_off: 1 });

    // A tally that disagrees with the classes is a violation the audit names.
    await ctx.db
      .updateTable('course_outcome_tally')
      .set((eb) => ({ entries: eb('entries', '+', 1) }))
      .where('student_id', '=', s)
      .where('outcome', '=', 'missed')
      .execute();
    expect(await ledgerViolations(ctx.db)).toEqual([`course_outcome_tally ${s}/missed: 3 ≠ 2 entries`]);
  });

  it('counts nothing for a student without classes', async () => {
    const ctx = await setup();
    const s = await student(ctx);
    expect((await ctx.courses.getHomeOverviews([s], 3)).get(s)).toMatchObject({
      upcoming_classes: 0,
      finished_classes: 0,
      attended_classes: 0,
      missed_classes: 0,
      cancelled_classes: 0,
      called_off_classes: 0,
      unread_reports: 0,
    });
  });
});
