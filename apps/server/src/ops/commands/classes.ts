import { z } from 'zod';
import type { Trx } from '../../db/transaction.ts';
import { roomWindow, SEATS, wholeMinutes } from '../../modules/classroom/attendance.rules.ts';
import { defineCommand, OpsRefusal, type OpsContext } from '../command.ts';
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

/** The live classroom's attendance service, on the command's transaction. */
function attendanceOf({ services }: OpsContext) {
  return services.attendance;
}

const iso = (ms: number) => new Date(ms).toISOString();

export const classTeacherLink = defineCommand({
  name: 'class teacher-link',
  summary:
    "Print the teacher's link to the class's live room (valid from 10 min before the start to 30 min after the end)",
  options: { class: 'class id' },
  example: 'class teacher-link --class 120',
  schema: classOnly,
  audit: false,
  async run(ctx, input) {
    const link = await attendanceOf(ctx).teacherLink(input.class);
    if (!link) throw new OpsRefusal(`no class ${input.class}`);
    const { course } = link;
    if (course.status < 0) {
      throw new OpsRefusal(
        `class ${input.class} was ${course.status === -200 ? 'cancelled' : 'abolished'}: its room does not open`,
      );
    }
    const { openAt, closeAt } = roomWindow(course.start_at, course.end_at);
    if (ctx.clock.now() >= closeAt)
      throw new OpsRefusal(`class ${input.class}: its room closed at ${iso(closeAt)}`);
    return {
      before: null,
      after: null,
      output: [
        link.url,
        `class ${course.id}, teacher ${course.teacher_id}: the room opens at ${iso(openAt)} and closes at ${iso(closeAt)}`,
      ].join('\n'),
    };
  },
});

export const classAttendance = defineCommand({
  name: 'class attendance',
  summary:
    "Print the class's joins and leaves of the live room per seat, each seat's minutes in class, and the recording's state, size and duration",
  options: { class: 'class id' },
  example: 'class attendance --class 120',
  schema: classOnly,
  audit: false,
  async run(ctx, input) {
    const summary = await attendanceOf(ctx).summaryOf(input.class);
    if (!summary) throw new OpsRefusal(`no class ${input.class}`);
    const { course, stays, ms } = summary;
    const now = ctx.clock.now();
    const lines = [
      `class ${course.id}: ${iso(course.start_at)} to ${iso(course.end_at)}, status ${course.status}${
        course.attended === 0 ? ', student absent' : ''
      }`,
    ];
    for (const seat of SEATS) {
      const own = stays.filter((s) => s.seat === seat);
      lines.push(`${seat}: ${wholeMinutes(ms[seat])} min in class, ${own.length} stay(s)`);
      if (own.length === 0) lines.push('  never entered');
      for (const s of own) {
        const until = s.left_at ?? now;
        lines.push(
          `  joined ${iso(s.joined_at)}, ${s.left_at === null ? 'still in the room' : `left ${iso(s.left_at)}`} (${wholeMinutes(
            Math.max(0, until - s.joined_at),
          )} min)`,
        );
      }
    }
    const recording = await ctx.services.recordings.summaryOf(input.class);
    lines.push(
      recording
        ? `recording: ${recording.state}, ${(recording.size / 1024 ** 2).toFixed(1)} MB, ${(
            recording.duration_ms / 1000
          ).toFixed(0)} s${recording.state === 'open' ? `, ${recording.chunks} chunk(s)` : ''}`
        : 'recording: none',
    );
    return { before: null, after: null, output: lines.join('\n') };
  },
});

export const teacherPhone = defineCommand({
  name: 'teacher set-phone',
  summary:
    "Set the teacher's phone on record, where the live room's link is sent by SMS as the room opens ('none' removes it)",
  options: { teacher: 'teacher id', phone: "the phone number (digits, an optional leading +), or 'none'" },
  example: 'teacher set-phone --teacher 3 --phone 13900139000',
  schema: z.object({
    teacher: id('teacher'),
    phone: z
      .string({ error: 'the phone is required (--phone <number|none>)' })
      .trim()
      .regex(/^(none|\+?[0-9]{6,20})$/, "the phone is 6-20 digits with an optional leading +, or 'none'"),
  }),
  async run(ctx, input) {
    const attendance = attendanceOf(ctx);
    const before = (await attendance.teacherPhone(input.teacher)) ?? null;
    const phone = input.phone === 'none' ? null : input.phone;
    if (!(await attendance.setTeacherPhone(input.teacher, phone)))
      throw new OpsRefusal(`no teacher ${input.teacher}`);
    return {
      before: { teacher_id: input.teacher, phone: before },
      after: { teacher_id: input.teacher, phone },
      output:
        phone === null ? `teacher ${input.teacher}: phone removed` : `teacher ${input.teacher}: phone set`,
    };
  },
});
