import { describe, expect, it } from 'vitest';
import { CODES } from '@app/contract/codes';
import { createReview, createSlot, createTeacher } from './helpers/factories.ts';
import {
  DAY,
  MINUTE,
  createStudent,
  expectLedgersWhole,
  expectRefusal,
  giveCoins,
  servicesAt,
} from './helpers/courses.ts';
import { createTestApp } from './helpers/test-app.ts';

/**
 * A teacher's rating and lesson count follow the data (issue 13): the rating is the mean of the
 * teacher's reviews, the lesson count the history a teacher came with plus the classes that ended,
 * each changed in the transaction of the write that changes it. On both databases
 * (TEST_DATABASE_URL for PostgreSQL).
 */

const NOW = Date.UTC(2026, 10, 16, 2, 0);

async function setup() {
  const ctx = await servicesAt(NOW);
  const teacher = await createTeacher(ctx.db, { price_coins: 100, rating_x100: 490, lesson_count: 100 });
  return { ...ctx, teacher };
}

type Ctx = Awaited<ReturnType<typeof setup>>;

async function figures(ctx: Ctx) {
  return ctx.db
    .selectFrom('teacher')
    .select(['rating_x100', 'lesson_count'])
    .where('id', '=', ctx.teacher)
    .executeTakeFirstOrThrow();
}

/** `count` classes of the teacher, each booked by its own student, starting `startIn` from NOW, 30 min apart. */
async function classes(ctx: Ctx, count: number, startIn = 2 * DAY) {
  const made: { student: number; id: number; end: number }[] = [];
  for (let i = 0; i < count; i++) {
    const student = await createStudent(ctx.db);
    await giveCoins(ctx.db, ctx.wallet, student, 100);
    const start = NOW + startIn + i * 30 * MINUTE;
    const slotId = await createSlot(ctx.db, ctx.teacher, { start_at: start, minutes: 25 });
    const course = await ctx.courses.book({ studentId: student, slotId, payType: 'coin' });
    made.push({ student, id: course.id, end: start + 25 * MINUTE });
  }
  return made;
}

const review = (id: number, rating: number) => ({ id, rating, tags: [], content: '' });

describe("a teacher's rating follows the reviews", () => {
  it('is the mean of all its reviews after each one; a refused review changes nothing', async () => {
    const ctx = await setup();
    await createReview(ctx.db, ctx.teacher, { rating: 5 }); // imported with the teacher
    const [a, b, c] = await classes(ctx, 3);
    ctx.clock.set(c!.end + MINUTE);
    await ctx.classLifecycle.advanceStatuses();

    expect((await figures(ctx)).rating_x100).toBe(490); // no review through the platform yet
    await ctx.classReviews.addCourseReview(a!.student, review(a!.id, 4));
    expect((await figures(ctx)).rating_x100).toBe(450); // (5 + 4) / 2
    await ctx.classReviews.addCourseReview(b!.student, review(b!.id, 2));
    expect((await figures(ctx)).rating_x100).toBe(367); // 11 / 3 = 3.666…
    await expectRefusal(
      ctx.classReviews.addCourseReview(b!.student, review(b!.id, 5)),
      CODES.CONFLICT,
      'course.alreadyReviewed',
    );
    expect((await figures(ctx)).rating_x100).toBe(367);
    await ctx.classReviews.addCourseReview(c!.student, review(c!.id, 5));
    expect((await figures(ctx)).rating_x100).toBe(400); // 16 / 4
  });

  it('counts every one of many concurrent reviews of one teacher', async () => {
    const ctx = await setup();
    const made = await classes(ctx, 8);
    ctx.clock.set(made.at(-1)!.end + MINUTE);
    await ctx.classLifecycle.advanceStatuses();
    const ratings = [5, 4, 3, 5, 2, 5, 4, 1];
    await Promise.all(
      made.map((m, i) => ctx.classReviews.addCourseReview(m.student, review(m.id, ratings[i]!))),
    );
    const sum = ratings.reduce((x, y) => x + y, 0);
    expect((await figures(ctx)).rating_x100).toBe(Math.round((sum * 100) / ratings.length));
  });
});

describe("a teacher's lesson count follows the finished classes", () => {
  it('adds each class the lifecycle ends, once, and never a cancelled one', async () => {
    const ctx = await setup();
    const made = await classes(ctx, 3);
    const [first] = made;
    // Cancelled in time: never held, never counted.
    await ctx.courses.cancel({ studentId: first!.student, courseId: first!.id, reason: 'other' });
    ctx.clock.set(made.at(-1)!.end - MINUTE); // the second has ended, the third is in class
    expect(await ctx.classLifecycle.advanceStatuses()).toEqual({ started: 1, ended: 1 });
    expect((await figures(ctx)).lesson_count).toBe(101);
    expect(await ctx.classLifecycle.advanceStatuses()).toEqual({ started: 0, ended: 0 });
    ctx.clock.set(made.at(-1)!.end);
    await ctx.classLifecycle.advanceStatuses();
    await ctx.classLifecycle.advanceStatuses();
    expect((await figures(ctx)).lesson_count).toBe(102);
  });

  it('concurrent runs of the job count each class once', async () => {
    const ctx = await setup();
    const made = await classes(ctx, 6);
    ctx.clock.set(made.at(-1)!.end);
    const runs = await Promise.all([1, 2, 3].map(() => ctx.classLifecycle.advanceStatuses()));
    expect(runs.reduce((n, r) => n + r.ended, 0)).toBe(6);
    expect((await figures(ctx)).lesson_count).toBe(106);
  });

  it('counts a class ended by "student absent" once, and takes back an ended class abolished for a no-show', async () => {
    const ctx = await setup();
    const [absent, heldThenNoShow, openNoShow] = await classes(ctx, 3);
    // The first class is running: the teacher reports the student absent, which ends it.
    ctx.clock.set(absent!.end - 10 * MINUTE);
    await ctx.classLifecycle.advanceStatuses();
    await ctx.classLifecycle.markStudentAbsent(absent!.id);
    expect((await figures(ctx)).lesson_count).toBe(101);
    await ctx.classLifecycle.markStudentAbsent(absent!.id); // idempotent
    ctx.clock.set(heldThenNoShow!.end);
    await ctx.classLifecycle.advanceStatuses(); // ends the second class only
    expect((await figures(ctx)).lesson_count).toBe(102);
    // Reported afterwards: the teacher never came to the second class.
    await ctx.classLifecycle.markTeacherNoShow(heldThenNoShow!.id);
    expect((await figures(ctx)).lesson_count).toBe(101);
    await expectRefusal(
      ctx.classLifecycle.markTeacherNoShow(heldThenNoShow!.id),
      CODES.CONFLICT,
      'course.abolished',
    );
    // A no-show before its end was never counted: nothing to take back, and the job skips it.
    await ctx.classLifecycle.markTeacherNoShow(openNoShow!.id);
    ctx.clock.set(openNoShow!.end + DAY);
    await ctx.classLifecycle.advanceStatuses();
    expect((await figures(ctx)).lesson_count).toBe(101);
    await expectLedgersWhole(ctx.db);
  });
});

describe('the demo seed', () => {
  it("shows each demo teacher's rating as the mean of its reviews", async () => {
    const t = await createTestApp({ env: { SEED_DEMO: '1' } });
    const rows = await t.db
      .selectFrom('teacher as t')
      .innerJoin('teacher_review as r', 'r.teacher_id', 't.id')
      .select((eb) => [
        't.id',
        't.rating_x100',
        eb.fn.sum<number>('r.rating').as('sum'),
        eb.fn.countAll<number>().as('n'),
      ])
      .where('t.is_demo', '=', 1)
      .groupBy(['t.id', 't.rating_x100'])
      .execute();
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) {
      expect(row.rating_x100, `teacher ${row.id}`).toBe(Math.round((Number(row.sum) * 100) / Number(row.n)));
    }
  });
});
