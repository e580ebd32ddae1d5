import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * SQL of the live classroom's rooms (room.service.ts): the class a room belongs to, with both names;
 * the single use of a room ticket.
 */

/** class_notice's kind of a used room ticket (per class, so a class's claims go with it). */
const TICKET_KIND_PREFIX = 'ticket:';
const ticketKind = (ticketId: string) => `${TICKET_KIND_PREFIX}${ticketId}`;

export type RoomCourseRow = {
  id: number;
  student_id: number;
  teacher_id: number;
  start_at: number;
  end_at: number;
  status: number;
  teacher_name: string;
  student_nick: string;
  student_eng_name: string;
};

export const roomRepository = {
  findRoomCourse(db: Db, courseId: number): Promise<RoomCourseRow | undefined> {
    return db
      .selectFrom('course')
      .innerJoin('teacher', 'teacher.id', 'course.teacher_id')
      .innerJoin('student', 'student.id', 'course.student_id')
      .select([
        'course.id',
        'course.student_id',
        'course.teacher_id',
        'course.start_at',
        'course.end_at',
        'course.status',
        'teacher.name as teacher_name',
        'student.nick as student_nick',
        'student.eng_name as student_eng_name',
      ])
      .where('course.id', '=', courseId)
      .executeTakeFirst();
  },

  /**
   * Claims a room ticket as its WebSocket opens: true for the first use of all instances (the
   * primary key (course_id, kind) of class_notice), false for any later one.
   */
  async claimTicket(db: Db, courseId: number, ticketId: string, now: number): Promise<boolean> {
    const result = await db
      .insertInto('class_notice')
      .values({ course_id: courseId, kind: ticketKind(ticketId), claimed_at: now })
      .onConflict((oc) => oc.columns(['course_id', 'kind']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  },

  /**
   * Deletes at most `limit` ticket claims made before `before`, oldest first (the other notices of
   * class_notice stay); how many went. Instances deleting at once delete each row once.
   */
  async deleteTicketClaimsBefore(db: Db, before: number, limit: number): Promise<number> {
    const result = await db
      .deleteFrom('class_notice')
      .where(({ eb, refTuple, selectFrom }) =>
        eb(
          refTuple('course_id', 'kind'),
          'in',
          selectFrom('class_notice as claim')
            .select(['claim.course_id', 'claim.kind'])
            // Written as migration 0019's partial index says it, so the planner uses that index.
            .where(sql<boolean>`claim.kind like ${sql.lit(`${TICKET_KIND_PREFIX}%`)}`)
            .where('claim.claimed_at', '<', before)
            .orderBy('claim.claimed_at')
            .limit(limit)
            .$asTuple('course_id', 'kind'),
        ),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
