import type { Page, PageQuery } from '@app/contract/paging';
import type { Insertable, Selectable } from 'kysely';
import type { Db, FeedbackTable } from '../../db/database.ts';
import { pageOf } from '../../db/paging.ts';

export type FeedbackRow = Selectable<FeedbackTable>;

/** All SQL of the complaints. Every method accepts a transaction as `db`. */
export const feedbackRepository = {
  async insert(db: Db, row: Insertable<FeedbackTable>): Promise<number> {
    const { id } = await db.insertInto('feedback').values(row).returning('id').executeTakeFirstOrThrow();
    return id;
  },

  /** A page of the student's own, newest first. */
  pageByStudent(db: Db, studentId: number, page: PageQuery): Promise<Page<FeedbackRow>> {
    return pageOf(
      db.selectFrom('feedback').selectAll().where('student_id', '=', studentId).orderBy('id', 'desc'),
      page,
    );
  },

  findById(db: Db, id: number): Promise<FeedbackRow | undefined> {
    return db.selectFrom('feedback').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /**
   * The school's answer: a reply and/or a new state, only while the complaint is in state `from`
   * (a conditional update, so two operators never both move it); whether it changed.
   */
  async answer(
    db: Db,
    id: number,
    from: number,
    change: { state: number; reply?: string; replyAt?: number },
  ): Promise<boolean> {
    const result = await db
      .updateTable('feedback')
      .set({
        state: change.state,
        ...(change.reply !== undefined ? { reply: change.reply, reply_at: change.replyAt ?? null } : {}),
      })
      .where('id', '=', id)
      .where('state', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },
};
