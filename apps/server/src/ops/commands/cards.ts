import { z } from 'zod';
import { defineCommand, OpsRefusal } from '../command.ts';
import { opsRepository } from '../ops.repository.ts';
import { count, id, reason, studentOf, studentRef } from './fields.ts';

const DAY = 24 * 60 * 60 * 1000;

export const cardIssue = defineCommand({
  name: 'card issue',
  summary:
    'Give a student a new lesson card (card log 1): 100 exclusive-teacher card, 200 Filipino-teacher card',
  options: {
    student: 'student id or mobile number',
    type: '100 (exclusive teacher: needs --teacher) | 200 (Filipino teachers)',
    lessons: 'lessons on the card',
    days: 'valid for this many days from now',
    teacher: 'teacher id (type 100 only)',
    reason: 'why (optional; the remark of the ledger entry)',
  },
  example: 'card issue --student 12 --type 100 --teacher 3 --lessons 10 --days 180 --reason "gift"',
  schema: z
    .object({
      student: studentRef,
      type: z.enum(['100', '200'], { error: 'type must be 100 or 200' }).transform(Number),
      lessons: count('lessons', 1000),
      days: count('days', 3650),
      teacher: id('teacher').optional(),
      reason: reason.optional(),
    })
    .refine((v) => (v.type === 100) === (v.teacher !== undefined), {
      path: ['teacher'],
      message: 'a type 100 card needs --teacher; a type 200 card takes none',
    }),
  async run({ db, clock, services: { wallet } }, input) {
    const student = await studentOf(db, input.student);
    if (input.teacher !== undefined) {
      const teacher = await opsRepository.findTeacher(db, input.teacher);
      if (!teacher || teacher.active !== 1) throw new OpsRefusal(`no active teacher ${input.teacher}`);
    }
    const expiresAt = clock.now() + input.days * DAY;
    const cardId = await wallet.issueCard(db, {
      studentId: student.id,
      type: input.type as 100 | 200,
      teacherId: input.teacher ?? null,
      lessons: input.lessons,
      expiresAt,
      remark: input.reason ?? '',
    });
    return {
      before: null,
      after: {
        card_id: cardId,
        student_id: student.id,
        type: input.type,
        lessons: input.lessons,
        expires_at: expiresAt,
      },
      output: `card ${cardId} issued to student ${student.id}: type ${input.type}, ${input.lessons} lessons, expires ${new Date(expiresAt).toISOString()}`,
    };
  },
});

export const cardAdjust = defineCommand({
  name: 'card adjust',
  summary: "Change a card's lessons through the ledger: deduction (card log 6) or compensation (card log 7)",
  options: {
    card: 'card id',
    type: 'deduction | compensation',
    lessons: 'lessons to take or give',
    reason: 'why (required; the remark of the ledger entry)',
  },
  example: 'card adjust --card 7 --type compensation --lessons 1 --reason "classroom outage on 11-20"',
  schema: z.object({
    card: id('card'),
    type: z.enum(['deduction', 'compensation'], { error: 'type must be deduction or compensation' }),
    lessons: count('lessons', 1000),
    reason,
  }),
  async run({ db, services: { wallet } }, input) {
    const card = await opsRepository.findCard(db, input.card);
    if (!card) throw new OpsRefusal(`no card ${input.card}`);
    const entry = {
      studentId: card.student_id,
      cardId: card.id,
      amount: input.lessons,
      remark: input.reason,
    };
    let after: number;
    if (input.type === 'compensation') after = await wallet.creditCardLessons(db, 7, entry);
    else {
      const left = await wallet.deductCardLessons(db, entry);
      if (left === undefined) {
        throw new OpsRefusal(
          `card ${card.id} has ${card.lessons_left} lessons left, fewer than ${input.lessons}`,
        );
      }
      after = left;
    }
    return {
      before: { card_id: card.id, lessons_left: card.lessons_left },
      after: { card_id: card.id, lessons_left: after },
      output: `card ${card.id}: card log ${input.type === 'compensation' ? 7 : 6}, lessons ${card.lessons_left} → ${after}`,
    };
  },
});
