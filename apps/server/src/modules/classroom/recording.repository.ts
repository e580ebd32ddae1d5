import type { Db } from '../../db/database.ts';
import { withTransaction } from '../../db/transaction.ts';

/** SQL of the live classroom's recording (recording.service.ts): the recording row and its chunks. */

export type RecordingCourseRow = {
  id: number;
  student_id: number;
  teacher_id: number;
  start_at: number;
  end_at: number;
  status: number;
  attended: number | null;
  playback_url: string | null;
};

export type RecordingRow = {
  course_id: number;
  state: 'open' | 'final';
  size: number;
  duration_ms: number;
  claimed_at: number | null;
  final_key: string | null;
};

export type ChunkRow = { n: number; size: number; head: number };

const num = (value: unknown) => Number(value);

function toRecording(row: RecordingRow | undefined): RecordingRow | undefined {
  if (!row) return undefined;
  return {
    course_id: num(row.course_id),
    state: row.state,
    size: num(row.size),
    duration_ms: num(row.duration_ms),
    claimed_at: row.claimed_at === null ? null : num(row.claimed_at),
    final_key: row.final_key,
  };
}

export const recordingRepository = {
  async findCourse(db: Db, courseId: number): Promise<RecordingCourseRow | undefined> {
    const row = await db
      .selectFrom('course')
      .select(['id', 'student_id', 'teacher_id', 'start_at', 'end_at', 'status', 'attended', 'playback_url'])
      .where('id', '=', courseId)
      .executeTakeFirst();
    return row && { ...row, start_at: num(row.start_at), end_at: num(row.end_at), status: num(row.status) };
  },

  async findRecording(db: Db, courseId: number): Promise<RecordingRow | undefined> {
    return toRecording(
      await db
        .selectFrom('class_recording')
        .select(['course_id', 'state', 'size', 'duration_ms', 'claimed_at', 'final_key'])
        .where('course_id', '=', courseId)
        .executeTakeFirst(),
    );
  },

  /** The recording's row, made on its first chunk (two first chunks at once make one). */
  async openRecording(db: Db, courseId: number, now: number): Promise<void> {
    await db
      .insertInto('class_recording')
      .values({
        course_id: courseId,
        state: 'open',
        size: 0,
        duration_ms: 0,
        started_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('course_id').doNothing())
      .execute();
  },

  /** Bytes stored for the recording without chunk `except`, and the highest chunk number stored. */
  async totals(db: Db, courseId: number, except = -1): Promise<{ size: number; last: number | null }> {
    const row = await db
      .selectFrom('class_recording_chunk')
      .select((eb) => [
        eb.fn
          .sum<number | string | null>(eb.case().when('n', '!=', except).then(eb.ref('size')).else(0).end())
          .as('size'),
        eb.fn.max<number | null>('n').as('last'),
      ])
      .where('course_id', '=', courseId)
      .executeTakeFirst();
    return {
      size: num(row?.size ?? 0),
      last: row?.last === null || row?.last === undefined ? null : num(row.last),
    };
  },

  /**
   * Records a stored chunk (a re-sent number replaces the earlier one) while the recording is open
   * and unclaimed; false when it was closed or claimed meanwhile.
   */
  async putChunk(
    db: Db,
    chunk: { courseId: number; n: number; size: number; head: boolean; durationMs: number | undefined },
    now: number,
  ): Promise<boolean> {
    return withTransaction(db, async (tx) => {
      const touched = await tx
        .updateTable('class_recording')
        .set((eb) => ({
          updated_at: now,
          ...(chunk.durationMs !== undefined
            ? {
                duration_ms: eb
                  .case()
                  .when('duration_ms', '<', chunk.durationMs)
                  .then(chunk.durationMs)
                  .else(eb.ref('duration_ms'))
                  .end(),
              }
            : {}),
        }))
        .where('course_id', '=', chunk.courseId)
        .where('state', '=', 'open')
        .where('claimed_at', 'is', null)
        .executeTakeFirst();
      if (Number(touched.numUpdatedRows) === 0) return false;
      await tx
        .insertInto('class_recording_chunk')
        .values({
          course_id: chunk.courseId,
          n: chunk.n,
          size: chunk.size,
          head: chunk.head ? 1 : 0,
          received_at: now,
        })
        .onConflict((oc) =>
          oc
            .columns(['course_id', 'n'])
            .doUpdateSet({ size: chunk.size, head: chunk.head ? 1 : 0, received_at: now }),
        )
        .execute();
      const { size } = await recordingRepository.totals(tx, chunk.courseId);
      await tx.updateTable('class_recording').set({ size }).where('course_id', '=', chunk.courseId).execute();
      return true;
    });
  },

  chunks(db: Db, courseId: number): Promise<ChunkRow[]> {
    return db
      .selectFrom('class_recording_chunk')
      .select(['n', 'size', 'head'])
      .where('course_id', '=', courseId)
      .orderBy('n')
      .execute();
  },

  /**
   * Claims the joining of an open recording: unclaimed, or claimed before `staleBefore` (a finaliser
   * that crashed). Returns the claim's time, which the final update must still find.
   */
  async claim(db: Db, courseId: number, now: number, staleBefore: number): Promise<boolean> {
    const result = await db
      .updateTable('class_recording')
      .set({ claimed_at: now })
      .where('course_id', '=', courseId)
      .where('state', '=', 'open')
      .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', staleBefore)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /** Recordings of classes that ended before `before` (their playback is over), oldest first. */
  listEnded(
    db: Db,
    before: number,
    limit: number,
  ): Promise<{ course_id: number; final_key: string | null }[]> {
    return db
      .selectFrom('class_recording as r')
      .innerJoin('course as c', 'c.id', 'r.course_id')
      .select(['r.course_id', 'r.final_key'])
      .where('c.end_at', '<', before)
      .orderBy('c.end_at')
      .limit(limit)
      .execute();
  },

  /** Forgets a recording and its chunks (their objects deleted first). */
  async remove(db: Db, courseId: number): Promise<void> {
    await db.deleteFrom('class_recording_chunk').where('course_id', '=', courseId).execute();
    await db.deleteFrom('class_recording').where('course_id', '=', courseId).execute();
  },

  /** Marks the recording final under the claim made at `claimedAt`; false when another took it over. */
  async finish(
    db: Db,
    courseId: number,
    claimedAt: number,
    done: { key: string; size: number },
    now: number,
  ): Promise<boolean> {
    const result = await db
      .updateTable('class_recording')
      .set({ state: 'final', final_key: done.key, size: done.size, finalised_at: now, updated_at: now })
      .where('course_id', '=', courseId)
      .where('state', '=', 'open')
      .where('claimed_at', '=', claimedAt)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },
};
