import { PLAYBACK_VALID_DAYS } from '@app/contract/constants';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import type { ClassroomCourse, ClassroomProvider } from '../../providers/classroom/classroom-provider.ts';
import { isDemoClassroom } from '../../providers/classroom/demo-classroom-provider.ts';
import { forEachAtMost, nextTryAt, type Backoff } from '../../jobs/batches.ts';
import { deriveStatus } from './booking.rules.ts';
import { classroomRepository as repo, type RoomCourseRow } from './classroom.repository.ts';
import type { ClassLifecycleService } from './class-lifecycle.service.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** Rooms are made a day ahead, so the link is there when the class page shows it (10 min before). */
const ROOM_LEAD_MS = DAY_MS;
/** Classes handled per job run; the next run takes the rest. */
const BATCH = 200;
/**
 * A recording not there yet is asked for again 2 minutes later, then 4, 8, … at most every 6 hours,
 * until it arrives or the playback window (end + 30 days) closes; the least recently asked first, so
 * classes whose recording is late never hold up the others.
 */
export const RECORDING_BACKOFF: Backoff = { firstMs: 2 * MINUTE_MS, maxMs: 6 * 60 * MINUTE_MS };
const RECORDING_CONCURRENCY = 8;

export type ClassroomServiceDeps = {
  db: Db;
  clock: Clock;
  provider: ClassroomProvider;
  /** Where a delivered recording is stored (the class's lifecycle). */
  lifecycle: Pick<ClassLifecycleService, 'recordPlayback'>;
  log?: { warn(obj: object, msg?: string): void };
};

export type RoomPage = {
  courseId: number;
  teacherName: string;
  teacherAvatar: string;
  startAt: number;
  endAt: number;
  now: number;
  /** before (countdown), live (class in progress), over, cancelled (cancelled or abolished), missed. */
  state: 'before' | 'live' | 'over' | 'cancelled' | 'missed';
};

const toCourse = (row: RoomCourseRow): ClassroomCourse => ({
  id: row.id,
  studentId: row.student_id,
  startAt: Number(row.start_at),
  endAt: Number(row.end_at),
});

/**
 * The classroom side of a class (DESIGN.md §7 "Class lifecycle"): asks the provider for the room of
 * every class starting within a day (stored as the class's classroom_url; the courses service shows
 * it from 10 minutes before the start until the end) and for the recording of every class that was
 * held, which it hands to the class lifecycle service (recordPlayback). Both are idempotent job steps:
 * rows already done are not selected again, so two runs, or two instances, deliver once.
 */
export function createClassroomService(deps: ClassroomServiceDeps) {
  const { db, clock, provider, lifecycle } = deps;

  return {
    provider,

    /** Job `courses.open-classrooms`: room links for classes starting within a day. */
    async openRooms(): Promise<{ opened: number }> {
      const now = clock.now();
      const rows = await repo.listRoomsToOpen(db, now, now + ROOM_LEAD_MS, BATCH);
      let opened = 0;
      for (const row of rows) {
        const url = await provider.roomUrl(toCourse(row));
        if (await repo.setClassroomUrl(db, row.id, url)) opened++;
      }
      return { opened };
    },

    /**
     * Job `courses.deliver-recordings`: recordings of classes that ended (within the playback
     * window) and were held; none for a missed class (attended = 0), a cancelled or an abolished one.
     * Each class is claimed before its provider is asked (RECORDING_BACKOFF moves its next request
     * on), so a provider error or a recording not ready sends it to the back of the line.
     */
    async deliverRecordings(): Promise<{ delivered: number; failed: number }> {
      const now = clock.now();
      const rows = await repo.listAwaitingRecording(db, now, now - PLAYBACK_VALID_DAYS * DAY_MS, BATCH);
      let delivered = 0;
      let failed = 0;
      await forEachAtMost(rows, RECORDING_CONCURRENCY, async (row) => {
        const attempts = row.recording_attempts;
        const nextAt = nextTryAt(RECORDING_BACKOFF, attempts + 1, now) ?? now;
        if (!(await repo.claimRecording(db, row.id, attempts, nextAt))) return;
        try {
          const recording = await provider.recordingOf(toCourse(row), now);
          if (recording && (await lifecycle.recordPlayback(row.id, recording.url))) delivered++;
        } catch (error) {
          failed++;
          deps.log?.warn({ err: error, courseId: row.id }, 'recording request failed; asked again later');
        }
      });
      return { delivered, failed };
    },

    /** The demo classroom page of a class, when the token is its room token; undefined otherwise. */
    async demoRoomPage(courseId: number, token: string): Promise<RoomPage | undefined> {
      if (!isDemoClassroom(provider)) return undefined;
      const row = await repo.findRoomPage(db, courseId);
      if (!row || !provider.verifyRoomToken({ id: row.id, studentId: row.student_id }, token)) {
        return undefined;
      }
      const now = clock.now();
      const startAt = Number(row.start_at);
      const endAt = Number(row.end_at);
      const status = deriveStatus({ status: row.status, start_at: startAt, end_at: endAt }, now);
      const state: RoomPage['state'] =
        status === -200 || status === -100
          ? 'cancelled'
          : row.attended === 0
            ? 'missed'
            : status === 100
              ? 'before'
              : status === 200
                ? 'live'
                : 'over';
      return {
        courseId: row.id,
        teacherName: row.teacher_name,
        teacherAvatar: row.teacher_avatar,
        startAt,
        endAt,
        now,
        state,
      };
    },
  };
}

export type ClassroomService = ReturnType<typeof createClassroomService>;

/** Minutes of a class, for the page. */
export const minutesOf = (page: Pick<RoomPage, 'startAt' | 'endAt'>) =>
  Math.round((page.endAt - page.startAt) / MINUTE_MS);
