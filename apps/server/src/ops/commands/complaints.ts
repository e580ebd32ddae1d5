import { FEEDBACK_CONTENT_MAX } from '@app/contract/validation';
import { z } from 'zod';
import type { FeedbackAnswer } from '../../modules/feedback/feedback.service.ts';
import { defineCommand, OpsRefusal } from '../command.ts';
import { id } from './fields.ts';

const STATES = ['pending', 'processed', 'closed'];

/** The complaint as the audit record keeps it. */
const stateOf = (row: { id: number; state: number; reply: string | null; reply_at: number | null }) => ({
  complaint_id: row.id,
  state: row.state,
  reply: row.reply,
  reply_at: row.reply_at === null ? null : Number(row.reply_at),
});

function answered(complaint: number, answer: FeedbackAnswer) {
  if (answer.ok) return answer;
  const state = answer.before ? STATES[answer.before.state] : undefined;
  switch (answer.reason) {
    case 'not-found':
      throw new OpsRefusal(`no complaint ${complaint}`);
    case 'closed':
      throw new OpsRefusal(`complaint ${complaint} is closed (2): it takes no reply or change`);
    case 'not-forward':
      throw new OpsRefusal(`complaint ${complaint} is ${state} already: a complaint only moves 0 → 1 → 2`);
    case 'changed-meanwhile':
      throw new OpsRefusal(`complaint ${complaint} was changed by someone else meanwhile; look again`);
  }
}

export const complaintReply = defineCommand({
  name: 'complaint reply',
  summary:
    "Answer a complaint: the reply (with its time) shows in the student's list (GET /user/other/getFeedbackList); pending (0) becomes processed (1)",
  options: { complaint: 'complaint id', text: 'the reply the student reads' },
  example: 'complaint reply --complaint 42 --text "We have refunded the class; sorry for the trouble."',
  schema: z.object({
    complaint: id('complaint'),
    text: z
      .string({ error: 'the reply is required (--text "…")' })
      .trim()
      .min(1, 'the reply is required (--text "…")')
      .max(FEEDBACK_CONTENT_MAX, `the reply is at most ${FEEDBACK_CONTENT_MAX} characters`),
  }),
  async run({ services: { feedback } }, input) {
    const { before, after } = answered(input.complaint, await feedback.reply(input.complaint, input.text));
    return {
      before: stateOf(before),
      after: stateOf(after),
      output: `complaint ${input.complaint}: replied; state ${before.state} (${STATES[before.state]}) → ${after.state} (${STATES[after.state]})`,
    };
  },
});

export const complaintState = defineCommand({
  name: 'complaint state',
  summary: 'Move a complaint forward: 1 processed, 2 closed (0 → 1 → 2; never back)',
  options: { complaint: 'complaint id', state: '1 (processed) or 2 (closed)' },
  example: 'complaint state --complaint 42 --state 2',
  schema: z.object({
    complaint: id('complaint'),
    state: z
      .enum(['1', '2'], { error: 'state is 1 (processed) or 2 (closed)' })
      .transform((v) => Number(v) as 1 | 2),
  }),
  async run({ services: { feedback } }, input) {
    const { before, after } = answered(
      input.complaint,
      await feedback.setState(input.complaint, input.state),
    );
    return {
      before: stateOf(before),
      after: stateOf(after),
      output: `complaint ${input.complaint}: state ${before.state} (${STATES[before.state]}) → ${after.state} (${STATES[after.state]})`,
    };
  },
});
