import { createHmac, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import { RECORDING_MAX_BYTES, type RecordingChunkQuery, type RecordingState } from '@app/contract/classroom';
import { CODES } from '@app/contract/codes';
import { API_BASE, PLAYBACK_VALID_DAYS } from '@app/contract/constants';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { ClassroomCourse } from '../../providers/classroom/classroom-provider.ts';
import {
  parseByteRange,
  StorageNotFoundError,
  type ByteRange,
  type StorageProvider,
} from '../../providers/storage/storage-provider.ts';
import type { ClassLifecycleService } from '../courses/class-lifecycle.service.ts';
import { roomWindow } from './room.service.ts';
import { recordingRepository as repo, type RecordingCourseRow } from './recording.repository.ts';
import { isWebmHead, WebmJoiner } from './recording.webm.ts';

const MINUTE_MS = 60_000;
/** After the end, chunks still in flight land for this long before the job joins an open recording. */
export const RECORDING_FINALISE_AFTER_END_MS = 2 * MINUTE_MS;
/** Recordings deleted per run of the purge job. */
const PURGE_BATCH = 50;
/** A finaliser's claim older than this is taken over (it crashed or hangs). */
export const RECORDING_CLAIM_STALE_MS = 10 * MINUTE_MS;

/** Path of a class's recording (GET, range requests), signed by `t` for the class's student. */
export const RECORDING_PATH = `${API_BASE}/classroom/recording`;

export const chunkKey = (classId: number, n: number) =>
  `recordings/${classId}/${String(n).padStart(5, '0')}.webm`;
/** The joined recording; the claim's time in the name, so two finalisers never write one object. */
export const finalKey = (classId: number, claimedAt: number) => `recordings/${classId}.${claimedAt}.webm`;

export type RecordingServiceDeps = {
  db: Db;
  clock: Clock;
  storage: StorageProvider;
  /** Signs the playback links (a server secret shared by every instance). */
  secret: string;
  /** The class and teacher of a valid teacher link (modules/classroom/teacher-link.ts). */
  verifyTeacherLink(token: string, now: number): Promise<{ courseId: number; teacherId: number } | undefined>;
  /** Hands a joined recording of an ended class to the class page at once. */
  lifecycle: Pick<ClassLifecycleService, 'recordPlayback'>;
  log?: { warn(obj: object, msg?: string): void };
};

export type PlaybackStream = {
  size: number;
  range?: Required<ByteRange>;
  stream: Readable;
};

const iso = (ms: number) => new Date(ms).toISOString();
const DAY_MS = 86_400_000;

/**
 * The playback rules of DESIGN.md §7 as the class page applies them (courses' playbackOf): a class
 * held (not cancelled, not abolished) and over, not missed, within end + 30 days, delivered.
 */
function playbackNow(course: RecordingCourseRow, now: number): 'ready' | 'none' | 'expired' {
  if (course.status < 100 || now < course.end_at || course.attended === 0) return 'none';
  if (now >= course.end_at + PLAYBACK_VALID_DAYS * DAY_MS) return 'expired';
  return course.playback_url ? 'ready' : 'none';
}

function megabytes(bytes: number): string {
  return bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(1)} GB` : `${Math.round(bytes / 1024 ** 2)} MB`;
}

/**
 * The live classroom's recording (DESIGN.md §12 "Recording"): the teacher's seat uploads WebM chunks
 * while the room is open; the recording is joined into one object when the seat sends its last
 * chunk, or by the recording job after the end (+ 2 min), once across instances; the playback
 * streams it from this origin with range requests, under the playback rules of DESIGN.md §7.
 */
export function createRecordingService(deps: RecordingServiceDeps) {
  const { db, clock, storage } = deps;

  const signatureOf = (classId: number, studentId: number) =>
    createHmac('sha256', deps.secret)
      .update(`classroom-recording:${classId}:${studentId}`)
      .digest('base64url');

  const playbackUrl = (classId: number, studentId: number) =>
    `${RECORDING_PATH}/${classId}?t=${signatureOf(classId, studentId)}`;

  /** The class of a teacher link while its room is open; refusals as the room's. */
  async function teacherClass(classId: number, token: string | undefined): Promise<RecordingCourseRow> {
    if (token === undefined) throw new AppError(CODES.FORBIDDEN, 'classroom.recordingTeacherOnly');
    const now = clock.now();
    const link = await deps.verifyTeacherLink(token, now);
    if (!link || link.courseId !== classId) throw new AppError(CODES.FORBIDDEN, 'classroom.linkInvalid');
    const course = await repo.findCourse(db, classId);
    if (!course || course.teacher_id !== link.teacherId)
      throw new AppError(CODES.FORBIDDEN, 'classroom.linkInvalid');
    if (course.status < 0) throw new AppError(CODES.CONFLICT, 'classroom.cancelled');
    const { openAt, closeAt } = roomWindow(course);
    if (now < openAt) throw new AppError(CODES.CONFLICT, 'classroom.notOpen');
    if (now >= closeAt) throw new AppError(CODES.CONFLICT, 'classroom.closed');
    return course;
  }

  async function stateOf(course: RecordingCourseRow): Promise<RecordingState> {
    const recording = await repo.findRecording(db, course.id);
    const { last } = await repo.totals(db, course.id);
    return {
      state: recording?.state ?? 'none',
      next: last === null ? 0 : last + 1,
      size: recording?.size ?? 0,
      duration_ms: recording?.duration_ms ?? 0,
      end: iso(course.end_at),
    };
  }

  /**
   * The chunks in order, as one stream. A recording that starts with a WebM header is joined element
   * by element (recording.webm.ts: one header with the duration, a later recorder's stream moved on
   * in time, a cut element dropped at a gap); other bytes are joined as they are. A chunk whose
   * number is missing or whose object is gone is a gap.
   */
  function joined(classId: number, chunks: { n: number; head: number }[], durationMs: number): Readable {
    async function* bytes() {
      let joiner: WebmJoiner | undefined;
      let expected: number | undefined;
      for (const chunk of chunks) {
        let stream: Readable;
        try {
          stream = await storage.get(chunkKey(classId, chunk.n));
        } catch (error) {
          if (error instanceof StorageNotFoundError) continue;
          throw error;
        }
        if (expected === undefined) {
          const parts: Buffer[] = [];
          for await (const part of stream) parts.push(part as Buffer);
          const first = Buffer.concat(parts);
          if (chunk.head && isWebmHead(first)) {
            joiner = new WebmJoiner(durationMs);
            joiner.startStream();
            yield* joiner.push(first);
          } else yield first;
        } else if (joiner) {
          if (chunk.head) joiner.startStream();
          else if (chunk.n !== expected) joiner.gap();
          for await (const part of stream) yield* joiner.push(part as Buffer);
        } else {
          yield* stream;
        }
        expected = chunk.n + 1;
      }
    }
    return Readable.from(bytes());
  }

  /**
   * Joins an open recording into one object and marks it final, unless another finaliser holds it
   * (then undefined). The chunk objects are deleted once the final row is written.
   */
  async function finalise(classId: number): Promise<{ key: string; size: number } | undefined> {
    const now = clock.now();
    if (!(await repo.claim(db, classId, now, now - RECORDING_CLAIM_STALE_MS))) return undefined;
    const recording = await repo.findRecording(db, classId);
    const chunks = await repo.chunks(db, classId);
    const key = finalKey(classId, now);
    const stored = await storage.put(key, joined(classId, chunks, recording?.duration_ms ?? 0), {
      contentType: 'video/webm',
    });
    if (!(await repo.finish(db, classId, now, { key, size: stored.size }, clock.now()))) {
      // Taken over meanwhile (this run was too slow): the other's object is the recording.
      await storage.delete(key);
      return undefined;
    }
    for (const chunk of chunks) {
      await storage.delete(chunkKey(classId, chunk.n)).catch((error: unknown) => {
        deps.log?.warn({ err: error, classId, n: chunk.n }, 'a recording chunk could not be deleted');
      });
    }
    return { key, size: stored.size };
  }

  /** The playback link of a final recording; handed to the class at once when the class is over. */
  async function deliver(course: RecordingCourseRow): Promise<string> {
    const url = playbackUrl(course.id, course.student_id);
    if (clock.now() >= course.end_at) await deps.lifecycle.recordPlayback(course.id, url);
    return url;
  }

  return {
    /** GET /classroom/getRecordingState: where the teacher's seat resumes. */
    async state(classId: number, token: string | undefined): Promise<RecordingState> {
      return stateOf(await teacherClass(classId, token));
    },

    /** The credential check of a chunk upload, before its body is read. */
    async authorizeUpload(classId: number, token: string | undefined): Promise<void> {
      await teacherClass(classId, token);
    },

    /**
     * POST /classroom/putRecordingChunk: stores chunk `n` (replacing an earlier upload of `n`) while
     * the room is open and the recording not closed; `last` closes and joins it (with or without
     * bytes).
     */
    async putChunk(query: RecordingChunkQuery, body: unknown): Promise<RecordingState> {
      const course = await teacherClass(query.id, query.t);
      const empty = body === undefined || body === null || (Buffer.isBuffer(body) && body.length === 0);
      // The recorder's last piece may be empty: `last=1` alone closes the recording.
      if (empty && query.last === '1') {
        if (await finalise(course.id)) await deliver(course);
        return stateOf(course);
      }
      if (!Buffer.isBuffer(body) || body.length === 0)
        throw new AppError(CODES.BAD_REQUEST, 'classroom.recordingBody');
      const now = clock.now();
      await repo.openRecording(db, course.id, now);
      const recording = await repo.findRecording(db, course.id);
      if (!recording || recording.state !== 'open' || recording.claimed_at !== null)
        throw new AppError(CODES.CONFLICT, 'classroom.recordingClosed');
      const { size } = await repo.totals(db, course.id, query.n);
      if (size + body.length > RECORDING_MAX_BYTES)
        throw new AppError(CODES.PAYLOAD_TOO_LARGE, 'classroom.recordingFull', {
          max: megabytes(RECORDING_MAX_BYTES),
        });
      await storage.put(chunkKey(course.id, query.n), body, { contentType: 'video/webm' });
      const stored = await repo.putChunk(
        db,
        {
          courseId: course.id,
          n: query.n,
          size: body.length,
          head: query.head === '1',
          durationMs: query.ms,
        },
        now,
      );
      if (!stored) throw new AppError(CODES.CONFLICT, 'classroom.recordingClosed');
      if (query.last === '1' && (await finalise(course.id))) await deliver(course);
      return stateOf(course);
    },

    /**
     * The live provider's recordingOf: the playback link once final; an open recording is joined
     * here once the class is over (+ 2 min for chunks in flight). Undefined while there is none.
     */
    async recordingOf(course: ClassroomCourse, now: number): Promise<{ url: string } | undefined> {
      const recording = await repo.findRecording(db, course.id);
      if (!recording) return undefined;
      if (recording.state === 'open') {
        if (now < course.endAt + RECORDING_FINALISE_AFTER_END_MS) return undefined;
        if (!(await finalise(course.id))) return undefined;
      }
      return { url: playbackUrl(course.id, course.studentId) };
    },

    /**
     * GET /classroom/recording/{id}?t=: the joined recording, whole or the range asked for, when the
     * link is this class's student's and the playback rules give one now (the class held and over,
     * not missed, not cancelled or abolished, within end + 30 days).
     */
    async openPlayback(
      classId: number,
      token: string,
      rangeHeader: string | undefined,
    ): Promise<PlaybackStream | { unsatisfiable: number }> {
      const course = await repo.findCourse(db, classId);
      const given = Buffer.from(token);
      const expected = course ? Buffer.from(signatureOf(course.id, course.student_id)) : undefined;
      if (!course || !expected || given.length !== expected.length || !timingSafeEqual(given, expected))
        throw new AppError(CODES.FORBIDDEN, 'classroom.recordingLinkInvalid');
      const playback = playbackNow(course, clock.now());
      if (playback === 'expired') throw new AppError(CODES.NOT_FOUND, 'classroom.recordingExpired');
      const recording = await repo.findRecording(db, classId);
      if (playback !== 'ready' || recording?.state !== 'final' || !recording.final_key)
        throw new AppError(CODES.NOT_FOUND, 'classroom.recordingNone');
      const info = await storage.stat(recording.final_key);
      if (!info) throw new AppError(CODES.NOT_FOUND, 'classroom.recordingNone');
      const asked = rangeHeader === undefined ? 'ignore' : parseByteRange(rangeHeader, info.size);
      if (asked === undefined) return { unsatisfiable: info.size };
      const range = asked === 'ignore' ? undefined : { start: asked.start, end: asked.end ?? info.size - 1 };
      const stream = await storage.get(recording.final_key, range ? { range } : {});
      return { size: info.size, ...(range ? { range } : {}), stream };
    },

    /**
     * Job `classroom.purge-recordings`: the recordings (and any chunks left) of classes whose
     * playback ended a day ago (end + 31 days) are deleted from the store and forgotten, a bounded
     * batch per run, oldest first. Deleting twice is harmless, so instances may run it at once.
     */
    async purgeExpired(): Promise<{ purged: number }> {
      const before = clock.now() - (PLAYBACK_VALID_DAYS + 1) * DAY_MS;
      const rows = await repo.listEnded(db, before, PURGE_BATCH);
      for (const row of rows) {
        if (row.final_key) await storage.delete(row.final_key);
        for (const chunk of await repo.chunks(db, row.course_id))
          await storage.delete(chunkKey(row.course_id, chunk.n));
        await repo.remove(db, row.course_id);
      }
      return { purged: rows.length };
    },

    /** What ops `class attendance` prints of the recording. */
    async summaryOf(classId: number) {
      const recording = await repo.findRecording(db, classId);
      if (!recording) return undefined;
      const chunks = await repo.chunks(db, classId);
      return { ...recording, chunks: chunks.length };
    },

    /** The playback link of a class's student (tests, ops). */
    playbackUrl,
  };
}

export type RecordingService = ReturnType<typeof createRecordingService>;
