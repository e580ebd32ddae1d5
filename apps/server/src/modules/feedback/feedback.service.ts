import type {
  AddFeedbackBody,
  AddFeedbackResult,
  FeedbackItem,
  FeedbackListQuery,
} from '@app/contract/feedback';
import type { FeedbackType } from '@app/contract/enums';
import type { Page } from '@app/contract/paging';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { mapPage } from '../../db/paging.ts';
import { iso } from '../../db/time.ts';
import type { StudentQuotas } from '../students/students.service.ts';
import { feedbackRepository as repo, type FeedbackRow } from './feedback.repository.ts';

export type FeedbackServiceDeps = {
  db: Db;
  clock: Clock;
  /** Per-student limits (issue 32 §4: complaints). */
  quotas: Pick<StudentQuotas, 'take'>;
};

function toItem(row: FeedbackRow): FeedbackItem {
  return {
    id: row.id,
    type: row.type as FeedbackType,
    content: row.content,
    mobile: row.mobile,
    state: row.state,
    reply: row.reply,
    reply_at: row.reply_at === null ? null : iso(Number(row.reply_at)),
    created_at: iso(Number(row.created_at)),
  };
}

/** 0 pending, 1 processed, 2 closed: a complaint only moves forward. */
export const FEEDBACK_PENDING = 0;
export const FEEDBACK_PROCESSED = 1;
export const FEEDBACK_CLOSED = 2;

/** What the school's answer did, or why it was refused (the complaint is unchanged then). */
export type FeedbackAnswer =
  | { ok: true; before: FeedbackRow; after: FeedbackRow }
  | { ok: false; reason: 'not-found' | 'closed' | 'not-forward' | 'changed-meanwhile'; before?: FeedbackRow };

/**
 * Complaints and suggestions (SPEC.md §2 "Footer feedback", §7): a logged-in student files one
 * (state 0, pending); the school answers from its back office (state 1 processed or 2 closed, with a
 * reply). A student sees only their own.
 */
export function createFeedbackService(deps: FeedbackServiceDeps) {
  const { db, clock, quotas } = deps;

  return {
    /** Files a complaint, within the student's quota (5 an hour, 20 a day; students/student-quotas.ts). */
    async add(studentId: number, body: AddFeedbackBody): Promise<AddFeedbackResult> {
      await quotas.take(studentId, 'complaint');
      const id = await repo.insert(db, {
        student_id: studentId,
        type: body.type,
        content: body.content,
        mobile: body.mobile,
        created_at: clock.now(),
      });
      return { id };
    },

    /**
     * The school replies (shown in GET /user/other/getFeedbackList with its time): a pending
     * complaint becomes processed (1); a processed one keeps its state and gets the new reply; a
     * closed one (2) takes no reply.
     */
    async reply(id: number, text: string): Promise<FeedbackAnswer> {
      const before = await repo.findById(db, id);
      if (!before) return { ok: false, reason: 'not-found' };
      if (before.state === FEEDBACK_CLOSED) return { ok: false, reason: 'closed', before };
      const changed = await repo.answer(db, id, before.state, {
        state: FEEDBACK_PROCESSED,
        reply: text,
        replyAt: clock.now(),
      });
      if (!changed) return { ok: false, reason: 'changed-meanwhile', before };
      return { ok: true, before, after: (await repo.findById(db, id))! };
    },

    /** Moves a complaint forward only: 0 → 1, 0 → 2 or 1 → 2. */
    async setState(id: number, state: 1 | 2): Promise<FeedbackAnswer> {
      const before = await repo.findById(db, id);
      if (!before) return { ok: false, reason: 'not-found' };
      if (before.state === FEEDBACK_CLOSED) return { ok: false, reason: 'closed', before };
      if (state <= before.state) return { ok: false, reason: 'not-forward', before };
      if (!(await repo.answer(db, id, before.state, { state }))) {
        return { ok: false, reason: 'changed-meanwhile', before };
      }
      return { ok: true, before, after: (await repo.findById(db, id))! };
    },

    async list(studentId: number, query: FeedbackListQuery): Promise<Page<FeedbackItem>> {
      return mapPage(await repo.pageByStudent(db, studentId, query), toItem);
    },
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
