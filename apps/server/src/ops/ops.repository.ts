import type { Db } from '../db/database.ts';

/** The reads the CLI needs to find what an operator names, and its audit trail. */
export const opsRepository = {
  findStudent(db: Db, ref: { id: number } | { mobile: string }) {
    const q = db.selectFrom('student').select(['id', 'mobile', 'nick']);
    return ('id' in ref ? q.where('id', '=', ref.id) : q.where('mobile', '=', ref.mobile)).executeTakeFirst();
  },

  coins(db: Db, studentId: number) {
    return db
      .selectFrom('wallet')
      .select('coins')
      .where('student_id', '=', studentId)
      .executeTakeFirst()
      .then((r) => r?.coins ?? 0);
  },

  findCard(db: Db, cardId: number) {
    return db
      .selectFrom('lesson_card')
      .select(['id', 'student_id', 'type', 'teacher_id', 'lessons_left', 'expires_at'])
      .where('id', '=', cardId)
      .executeTakeFirst();
  },

  findTeacher(db: Db, teacherId: number) {
    return db.selectFrom('teacher').select(['id', 'active']).where('id', '=', teacherId).executeTakeFirst();
  },

  findCourse(db: Db, courseId: number) {
    return db
      .selectFrom('course')
      .select(['id', 'student_id', 'status', 'pay_type', 'card_id', 'attended', 'playback_url', 'end_at'])
      .where('id', '=', courseId)
      .executeTakeFirst();
  },

  insertAudit(
    db: Db,
    row: { actor: string; command: string; args: string; before: string; after: string; at: number },
  ) {
    return db.insertInto('ops_audit').values(row).execute();
  },

  findOrder(db: Db, orderNo: string) {
    return db
      .selectFrom('pay_order')
      .select(['order_no', 'student_id', 'provider', 'status', 'amount_fen', 'transaction_id', 'created_at'])
      .where('order_no', '=', orderNo)
      .executeTakeFirst();
  },

  /**
   * Orders awaiting payment (status 0) in the order the reconciliation job takes them
   * (src/jobs/batches.ts): never asked first, then least recently asked (the soonest next check), and
   * last those the job no longer asks about (out of the providers' retry window), so a limited run
   * covers what the job would rather than the same oldest orders every time. The nulls are placed
   * explicitly: SQLite sorts them first, PostgreSQL last.
   */
  awaitingOrders(db: Db, limit: number) {
    return db
      .selectFrom('pay_order')
      .select(['order_no', 'student_id', 'provider', 'status', 'amount_fen', 'transaction_id', 'created_at'])
      .where('status', '=', 0)
      .orderBy('check_next_at', (ob) => ob.asc().nullsLast())
      .orderBy('id')
      .limit(limit)
      .execute();
  },

  /** The order holding a provider's transaction id, if any. */
  orderWithTransaction(db: Db, transactionId: string) {
    return db
      .selectFrom('pay_order')
      .select('order_no')
      .where('transaction_id', '=', transactionId)
      .executeTakeFirst();
  },

  findComplaint(db: Db, id: number) {
    return db
      .selectFrom('feedback')
      .select(['id', 'student_id', 'state'])
      .where('id', '=', id)
      .executeTakeFirst();
  },
};
