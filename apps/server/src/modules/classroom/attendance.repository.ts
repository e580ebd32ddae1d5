import type { ExpressionBuilder } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import type { Seat, Stay } from './attendance.rules.ts';

/**
 * SQL of the live classroom's attendance (migration 0015): the stays of each seat, the notices sent
 * once, and the reads of classes the attendance job works on. The class's own columns (status,
 * attended, refunds) are written by the courses module, through its lifecycle service.
 */

export type AttendanceCourseRow = {
  id: number;
  student_id: number;
  teacher_id: number;
  start_at: number;
  end_at: number;
  status: number;
  attended: number | null;
};

export type RoomOpeningRow = AttendanceCourseRow & { teacher_name: string; teacher_phone: string };

/** A class is held in the live room when its room link is the web app's room page (`/classroom/{id}`). */
const LIVE_ROOM_PATTERN = '%/classroom/%';
const DEMO_ROOM_PATTERN = '%/classroom/demo/%';

const COURSE_COLUMNS = [
  'course.id',
  'course.student_id',
  'course.teacher_id',
  'course.start_at',
  'course.end_at',
  'course.status',
  'course.attended',
] as const;

function toCourse<T extends AttendanceCourseRow>(row: T): T {
  return { ...row, start_at: Number(row.start_at), end_at: Number(row.end_at) };
}

function liveRooms(db: Db) {
  return db
    .selectFrom('course')
    .where('course.classroom_url', 'like', LIVE_ROOM_PATTERN)
    .where('course.classroom_url', 'not like', DEMO_ROOM_PATTERN);
}

/** The seat's stays of the outer query's class (a correlated subquery). */
function stayOf(eb: ExpressionBuilder<Database, 'course'>, seat: Seat) {
  return eb
    .selectFrom('class_attendance')
    .select('class_attendance.id')
    .whereRef('class_attendance.course_id', '=', 'course.id')
    .where('class_attendance.seat', '=', seat);
}

/** The seat's stay still open (the seat is in the room now) of the outer query's class. */
function openStayOf(eb: ExpressionBuilder<Database, 'course'>, seat: Seat) {
  return stayOf(eb, seat).where('class_attendance.left_at', 'is', null);
}

/** The outer query's class's notice of `kind` (a correlated subquery). */
function noticeOf(eb: ExpressionBuilder<Database, 'course'>, kind: string) {
  return eb
    .selectFrom('class_notice')
    .select('class_notice.course_id')
    .whereRef('class_notice.course_id', '=', 'course.id')
    .where('class_notice.kind', '=', kind);
}

export const attendanceRepository = {
  /**
   * Opens a stay of the seat unless one is open (a second join while present changes nothing; two
   * instances at once open one: the partial unique index decides). True when this call opened it.
   */
  async openStay(db: Db, courseId: number, seat: Seat, at: number): Promise<boolean> {
    const result = await db
      .insertInto('class_attendance')
      .values({ course_id: courseId, seat, joined_at: at, left_at: null })
      .onConflict((oc) => oc.columns(['course_id', 'seat']).where('left_at', 'is', null).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  },

  /** Closes the seat's open stay at `at` (never before it began). True when a stay was open. */
  async closeStay(db: Db, courseId: number, seat: Seat, at: number): Promise<boolean> {
    const result = await db
      .updateTable('class_attendance')
      .set((eb) => ({
        left_at: eb.case().when('joined_at', '>', at).then(eb.ref('joined_at')).else(at).end(),
      }))
      .where('course_id', '=', courseId)
      .where('seat', '=', seat)
      .where('left_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /** Every stay of a class, in the order they began. */
  async stays(db: Db, courseId: number): Promise<Stay[]> {
    const rows = await db
      .selectFrom('class_attendance')
      .select(['seat', 'joined_at', 'left_at'])
      .where('course_id', '=', courseId)
      .orderBy('joined_at')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      seat: r.seat,
      joined_at: Number(r.joined_at),
      left_at: r.left_at === null ? null : Number(r.left_at),
    }));
  },

  async findCourse(db: Db, courseId: number): Promise<AttendanceCourseRow | undefined> {
    const row = await db
      .selectFrom('course')
      .select(COURSE_COLUMNS)
      .where('course.id', '=', courseId)
      .executeTakeFirst();
    return row && toCourse(row);
  },

  /**
   * Live-room classes, not called off, whose teacher never entered although the no-show time
   * (`startBefore` = now − TEACHER_NO_SHOW_MINUTES) has passed, started within the last day.
   */
  async listTeacherNoShows(db: Db, startBefore: number, startAfter: number, limit: number) {
    const rows = await liveRooms(db)
      .select(COURSE_COLUMNS)
      .where('course.status', 'in', [100, 200, 300])
      .where('course.start_at', '<=', startBefore)
      .where('course.start_at', '>', startAfter)
      .where((eb) => eb.not(eb.exists(stayOf(eb, 'teacher'))))
      .orderBy('course.start_at')
      .limit(limit)
      .execute();
    return rows.map(toCourse);
  },

  /** Live-room classes under way (100, start passed, end not) with both seats in the room now. */
  async listBothPresent(db: Db, now: number, limit: number) {
    const rows = await liveRooms(db)
      .select(COURSE_COLUMNS)
      .where('course.status', '=', 100)
      .where('course.start_at', '<=', now)
      .where('course.end_at', '>', now)
      .where((eb) => eb.and([eb.exists(openStayOf(eb, 'student')), eb.exists(openStayOf(eb, 'teacher'))]))
      .orderBy('course.start_at')
      .limit(limit)
      .execute();
    return rows.map(toCourse);
  },

  /**
   * Live-room classes called off for a teacher no-show (-100: by the job or an operator), started
   * within the last day, whose student has not been told yet (no `kind` notice claimed).
   */
  async listUntold(db: Db, kind: string, startAfter: number, limit: number) {
    const rows = await liveRooms(db)
      .select(COURSE_COLUMNS)
      .where('course.status', '=', -100)
      .where('course.start_at', '>', startAfter)
      .where((eb) => eb.not(eb.exists(noticeOf(eb, kind))))
      .orderBy('course.start_at')
      .limit(limit)
      .execute();
    return rows.map(toCourse);
  },

  /** Live-room classes that ended (within the last day) without the student ever entering, not yet marked. */
  async listStudentAbsences(db: Db, now: number, endAfter: number, limit: number) {
    const rows = await liveRooms(db)
      .select(COURSE_COLUMNS)
      .where('course.status', '>=', 100) // 100, 200, 300: booked, in class, over
      .where('course.end_at', '<=', now)
      .where('course.end_at', '>', endAfter)
      .where('course.playback_url', 'is', null)
      .where('course.attended', 'is', null)
      .where((eb) => eb.not(eb.exists(stayOf(eb, 'student'))))
      .orderBy('course.end_at')
      .limit(limit)
      .execute();
    return rows.map(toCourse);
  },

  /**
   * Live-room classes whose room is open (start − lead ≤ now < end) and whose teacher has a phone on
   * record, the teacher's link not yet sent.
   */
  async listRoomsOpening(db: Db, now: number, leadMs: number, limit: number): Promise<RoomOpeningRow[]> {
    const rows = await liveRooms(db)
      .innerJoin('teacher', 'teacher.id', 'course.teacher_id')
      .innerJoin('teacher_contact', 'teacher_contact.teacher_id', 'course.teacher_id')
      .select([...COURSE_COLUMNS, 'teacher.name as teacher_name', 'teacher_contact.phone as teacher_phone'])
      .where('course.status', 'in', [100, 200])
      .where('course.start_at', '<=', now + leadMs)
      .where('course.end_at', '>', now)
      .where('teacher_contact.phone', '<>', '')
      .where((eb) => eb.not(eb.exists(noticeOf(eb, 'teacher-link'))))
      .orderBy('course.start_at')
      .limit(limit)
      .execute();
    return rows.map(toCourse);
  },

  /** Claims a class's notice before it is sent: true for the one caller (of all instances) that claimed it. */
  async claimNotice(db: Db, courseId: number, kind: string, now: number): Promise<boolean> {
    const result = await db
      .insertInto('class_notice')
      .values({ course_id: courseId, kind, claimed_at: now })
      .onConflict((oc) => oc.columns(['course_id', 'kind']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  },

  /** Gives a claim back (the SMS budget refused the send: the next run tries again). */
  async releaseNotice(db: Db, courseId: number, kind: string): Promise<void> {
    await db.deleteFrom('class_notice').where('course_id', '=', courseId).where('kind', '=', kind).execute();
  },

  /** A teacher's display name (the student's no-show notice). */
  async teacherName(db: Db, teacherId: number): Promise<string | undefined> {
    const row = await db.selectFrom('teacher').select('name').where('id', '=', teacherId).executeTakeFirst();
    return row?.name;
  },

  /** Stores (or, with null, removes) a teacher's phone on record. False when there is no such teacher. */
  async setTeacherPhone(db: Db, teacherId: number, phone: string | null, now: number): Promise<boolean> {
    const teacher = await db
      .selectFrom('teacher')
      .select('id')
      .where('id', '=', teacherId)
      .executeTakeFirst();
    if (!teacher) return false;
    if (phone === null) {
      await db.deleteFrom('teacher_contact').where('teacher_id', '=', teacherId).execute();
      return true;
    }
    await db
      .insertInto('teacher_contact')
      .values({ teacher_id: teacherId, phone, updated_at: now })
      .onConflict((oc) => oc.column('teacher_id').doUpdateSet({ phone, updated_at: now }))
      .execute();
    return true;
  },

  async teacherPhone(db: Db, teacherId: number): Promise<string | undefined> {
    const row = await db
      .selectFrom('teacher_contact')
      .select('phone')
      .where('teacher_id', '=', teacherId)
      .executeTakeFirst();
    return row?.phone;
  },
};
