import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { LIVE_STATUSES, OPEN_STATUSES } from './booking.rules.ts';
import { TEACHER_COLUMNS } from './courses.repository.ts';

/**
 * SQL of the classroom side of a class (its room link and its recording), for classroom.service.ts.
 * The lifecycle columns themselves (status, attended, playback) are written by courses.repository.ts.
 */

export type RoomCourseRow = { id: number; student_id: number; start_at: number; end_at: number };

export type RecordingCourseRow = RoomCourseRow & { recording_attempts: number };

export type RoomPageRow = RoomCourseRow & {
  status: number;
  attended: number | null;
  teacher_name: string;
  teacher_avatar: string;
};

export const classroomRepository = {
  /** Live, unstarted or running classes starting by `until` that have no room link yet. */
  listRoomsToOpen(db: Db, now: number, until: number, limit: number): Promise<RoomCourseRow[]> {
    return db
      .selectFrom('course')
      .select(['id', 'student_id', 'start_at', 'end_at'])
      .where('status', 'in', [...OPEN_STATUSES])
      .where('classroom_url', 'is', null)
      .where('start_at', '<=', until)
      .where('end_at', '>', now)
      .orderBy('start_at')
      .limit(limit)
      .execute();
  },

  /** Stores the room link unless one is there (two instances at once store one). */
  async setClassroomUrl(db: Db, courseId: number, url: string): Promise<boolean> {
    const result = await db
      .updateTable('course')
      .set({ classroom_url: url })
      .where('id', '=', courseId)
      .where('classroom_url', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /**
   * Classes that ended after `since` and still lack a recording: live (never cancelled or abolished)
   * and not reported absent (a missed class, attended = 0, never gets one), whose next request is
   * due: never asked first, then the least recently asked (src/jobs/batches.ts).
   */
  listAwaitingRecording(db: Db, now: number, since: number, limit: number): Promise<RecordingCourseRow[]> {
    return db
      .selectFrom('course')
      .select(['id', 'student_id', 'start_at', 'end_at', 'recording_attempts'])
      .where('status', 'in', [...LIVE_STATUSES])
      .where('playback_url', 'is', null)
      .where('end_at', '<=', now)
      .where('end_at', '>', since)
      .where((eb) => eb.or([eb('attended', 'is', null), eb('attended', '=', 1)]))
      .where((eb) => eb.or([eb('recording_next_at', 'is', null), eb('recording_next_at', '<=', now)]))
      .orderBy(sql`coalesce(recording_next_at, 0)`)
      .orderBy('end_at')
      .orderBy('id')
      .limit(limit)
      .execute();
  },

  /**
   * Claims the request of a class's recording: its count of requests goes up and its next request
   * moves to `nextAt`, unless another run claimed it first (the row's count changed) or it has one.
   */
  async claimRecording(db: Db, courseId: number, attempts: number, nextAt: number): Promise<boolean> {
    const result = await db
      .updateTable('course')
      .set({ recording_attempts: attempts + 1, recording_next_at: nextAt })
      .where('id', '=', courseId)
      .where('recording_attempts', '=', attempts)
      .where('playback_url', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  findRoomPage(db: Db, courseId: number): Promise<RoomPageRow | undefined> {
    return db
      .selectFrom('course as c')
      .innerJoin('teacher as t', 't.id', 'c.teacher_id')
      .select([
        'c.id',
        'c.student_id',
        'c.start_at',
        'c.end_at',
        'c.status',
        'c.attended',
        ...TEACHER_COLUMNS,
      ])
      .where('c.id', '=', courseId)
      .executeTakeFirst();
  },
};
