import { describe, expect, it } from 'vitest';
import { CODES } from '@app/contract/codes';
import { NOW, PRICE, setup, type Ctx } from './helpers/classes.ts';
import { DAY, HOUR, MINUTE, createStudent, expectRefusal, giveCoins } from './helpers/courses.ts';
import { createSlot } from './helpers/factories.ts';

/**
 * The student's review of a class at service level (DESIGN.md §7 "Reviews"): once per finished
 * class, within 7 days, and on the teacher's profile.
 */

describe('reviews', () => {
  async function heldClass(ctx: Ctx, startIn = 2 * DAY) {
    const s = await createStudent(ctx.db, { nick: '小明同学' });
    await giveCoins(ctx.db, ctx.wallet, s, PRICE);
    const start = NOW + startIn;
    const course = await ctx.courses.book({
      studentId: s,
      slotId: await createSlot(ctx.db, ctx.teacher, { start_at: start }),
      payType: 'coin',
    });
    return { s, course, end: start + 25 * MINUTE };
  }

  it('once per finished class, within 7 days of the end, and it appears on the teacher’s profile', async () => {
    const ctx = await setup();
    const { s, course, end } = await heldClass(ctx);
    const body = {
      id: course.id,
      rating: 5,
      tags: ['patient' as const, 'fun' as const],
      content: 'Lovely lesson',
    };
    ctx.clock.set(end - MINUTE);
    await expectRefusal(
      ctx.classReviews.addCourseReview(s, body),
      CODES.UNPROCESSABLE,
      'course.reviewNotFinished',
    );
    ctx.clock.set(end + 7 * DAY);
    expect((await ctx.courses.getCourseInfo(s, course.id)).reviewable).toBe(true);
    expect(await ctx.classReviews.addCourseReview(s, body)).toEqual({ id: course.id });
    await expectRefusal(ctx.classReviews.addCourseReview(s, body), CODES.CONFLICT, 'course.alreadyReviewed');
    const info = await ctx.courses.getCourseInfo(s, course.id);
    expect(info).toMatchObject({
      reviewable: false,
      review: { rating: 5, tags: ['patient', 'fun'], content: 'Lovely lesson' },
    });
    const onProfile = await ctx.db
      .selectFrom('teacher_review')
      .selectAll()
      .where('teacher_id', '=', ctx.teacher)
      .execute();
    expect(onProfile).toHaveLength(1);
    expect(onProfile[0]).toMatchObject({ student_id: s, student_nick: '小明同学', rating: 5 });
  });

  it('concurrent reviews of one class store one', async () => {
    const ctx = await setup();
    const { s, course, end } = await heldClass(ctx);
    ctx.clock.set(end + HOUR);
    const results = await Promise.allSettled(
      [1, 2, 3, 4, 5].map((rating) =>
        ctx.classReviews.addCourseReview(s, { id: course.id, rating, tags: [], content: '' }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const stored = await ctx.db
      .selectFrom('teacher_review')
      .select('id')
      .where('teacher_id', '=', ctx.teacher)
      .execute();
    expect(stored).toHaveLength(1);
  });

  it('closes 7 days after the end and refuses cancelled classes', async () => {
    const ctx = await setup();
    const { s, course, end } = await heldClass(ctx);
    ctx.clock.set(end + 7 * DAY + 1);
    const params = await expectRefusal(
      ctx.classReviews.addCourseReview(s, { id: course.id, rating: 4, tags: [], content: '' }),
      CODES.UNPROCESSABLE,
      'course.reviewWindowClosed',
    );
    expect(params).toEqual({ days: 7 });
    ctx.clock.set(NOW);
    const other = await heldClass(ctx, 3 * DAY);
    await ctx.courses.cancel({ studentId: other.s, courseId: other.course.id, reason: 'other' });
    ctx.clock.set(other.end + HOUR);
    await expectRefusal(
      ctx.classReviews.addCourseReview(other.s, { id: other.course.id, rating: 4, tags: [], content: '' }),
      CODES.UNPROCESSABLE,
      'course.reviewNotHeld',
    );
  });
});
