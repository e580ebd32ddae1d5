import { z } from 'zod';
import type { Trx } from '../../db/transaction.ts';
import { defineCommand, OpsRefusal } from '../command.ts';
import { opsRepository } from '../ops.repository.ts';
import { id } from './fields.ts';

/** The class and what its student holds, before and after a lifecycle change (the audit record). */
async function classState(db: Trx, courseId: number) {
  const course = await opsRepository.findCourse(db, courseId);
  if (!course) throw new OpsRefusal(`no class ${courseId}`);
  const card = course.card_id === null ? undefined : await opsRepository.findCard(db, course.card_id);
  return {
    course,
    state: {
      class_id: course.id,
      status: course.status,
      attended: course.attended,
      coins: await opsRepository.coins(db, course.student_id),
      ...(card ? { card_id: card.id, lessons_left: card.lessons_left } : {}),
    },
  };
}

const classOnly = z.object({ class: id('class') });

export const classNoShow = defineCommand({
  name: 'class mark-teacher-no-show',
  summary:
    'The teacher did not come: abolish the class (-100), refund it and give the same again as compensation',
  options: { class: 'class id' },
  example: 'class mark-teacher-no-show --class 120',
  schema: classOnly,
  async run({ db, services: { classLifecycle } }, input) {
    const { state: before } = await classState(db, input.class);
    const back = await classLifecycle.markTeacherNoShow(input.class, db);
    const { state: after } = await classState(db, input.class);
    return {
      before,
      after,
      output: `class ${input.class} abolished: ${back.refunded_coins} coins, ${back.refunded_card_lessons} card lessons back (refund + compensation)`,
    };
  },
});

export const classAbsent = defineCommand({
  name: 'class mark-student-absent',
  summary:
    'The student did not come: the class is over (300), not attended, without playback; nothing refunded',
  options: { class: 'class id' },
  example: 'class mark-student-absent --class 120',
  schema: classOnly,
  async run({ db, services: { classLifecycle } }, input) {
    const { state: before } = await classState(db, input.class);
    await classLifecycle.markStudentAbsent(input.class);
    const { state: after } = await classState(db, input.class);
    return { before, after, output: `class ${input.class}: student absent` };
  },
});

export const playbackAttach = defineCommand({
  name: 'playback attach',
  summary: 'Attach the recording of a held class (shown until the end + 30 days)',
  options: { class: 'class id', url: 'the recording, an http(s) URL' },
  example: 'playback attach --class 120 --url https://media.example.com/rec/120.mp4',
  schema: z.object({
    class: id('class'),
    url: z.url({ protocol: /^https?$/, error: 'url must be an http(s) URL' }).max(2000),
  }),
  async run({ db, services: { classLifecycle } }, input) {
    const { course, state: before } = await classState(db, input.class);
    if (!(await classLifecycle.recordPlayback(input.class, input.url))) {
      throw new OpsRefusal(
        `class ${input.class} has no playback: it is not over yet, was cancelled or abolished, or the student was absent`,
      );
    }
    return {
      before: { ...before, playback_url: course.playback_url },
      after: { ...before, playback_url: input.url },
      output: `class ${input.class}: playback attached`,
    };
  },
});

const SKILLS = z
  .string({ error: 'scores are required, e.g. --scores \'{"pronunciation":4,"fluency":5}\'' })
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'scores must be JSON, e.g. {"pronunciation":4,"fluency":5}' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .record(
        z.string().regex(/^[a-z_]{1,30}$/, 'a skill is a lower-case name'),
        z.number().int().min(1, 'a score is 1-5').max(5, 'a score is 1-5'),
      )
      .refine((s) => Object.keys(s).length > 0 && Object.keys(s).length <= 10, 'give 1 to 10 skills'),
  );

export const reportAdd = defineCommand({
  name: 'report add',
  summary: "Add the teacher's post-lesson report of a class (scores per skill, comment, homework)",
  options: {
    class: 'class id',
    scores: 'JSON object of skill → 1-5',
    comment: "the teacher's comment",
    homework: 'the homework (optional)',
  },
  example:
    'report add --class 120 --scores \'{"pronunciation":4,"fluency":5}\' --comment "Great progress" --homework "Unit 3"',
  schema: z.object({
    class: id('class'),
    scores: SKILLS,
    comment: z.string({ error: 'a comment is required' }).trim().min(1, 'a comment is required').max(2000),
    homework: z.string().trim().max(2000).default(''),
  }),
  async run({ db, services: { classReviews } }, input) {
    const { course } = await classState(db, input.class);
    if (course.status !== 300 && course.status !== 200) {
      throw new OpsRefusal(`class ${input.class} was not held (status ${course.status})`);
    }
    const reportId = await classReviews.recordTeacherReport(input.class, {
      scores: input.scores,
      comment: input.comment,
      homework: input.homework,
    });
    if (reportId === undefined) throw new OpsRefusal(`class ${input.class} already has a report`);
    return {
      before: null,
      after: { report_id: reportId, class_id: input.class, scores: input.scores },
      output: `report ${reportId} added to class ${input.class}`,
    };
  },
});
