import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import { WEEK_EPOCH_MS, WEEK_MS } from './progress.rules.ts';

/**
 * All SQL of "My progress" (issue 37): read-only aggregates over the courses area's `course` and
 * `teacher_report` tables, each bounded by the student and a period on an indexed column, so the
 * cost follows the classes of the period, not the student's whole history (docs/decisions.md).
 *
 * A class is over when stored as over (300) or stored as open (100, 200) and already ended (the
 * derived status of booking.rules.ts); attended unless reported absent (`attended` 0; null is a class
 * nobody reported on), as the home page counts it. Late cancellations are cancelled (-200) with
 * `late_cancel` 1.
 */

function overAt(now: number) {
  return sql<boolean>`(status = 300 or (status in (100, 200) and end_at <= ${now}))`;
}

/** The week number of a class's start (progress.rules.ts `weekOf`), in integer arithmetic on both databases. */
const WEEK_OF_START = sql<number>`(start_at - ${sql.lit(WEEK_EPOCH_MS)}) / ${sql.lit(WEEK_MS)}`;

export type PeriodCounts = {
  attended: number;
  minutes: number;
  teachers: number;
  absent: number;
  late_cancelled: number;
};

export type ReportRow = {
  id: number;
  course_id: number;
  course_start: number;
  teacher_id: number;
  teacher_name: string;
  teacher_avatar: string;
  teacher_nationality: string;
  scores: string;
  comment: string;
  homework: string;
};

function reports(db: Db) {
  return db
    .selectFrom('teacher_report as r')
    .innerJoin('course as c', 'c.id', 'r.course_id')
    .innerJoin('teacher as t', 't.id', 'r.teacher_id')
    .select([
      'r.id',
      'r.course_id',
      'c.start_at as course_start',
      'r.teacher_id',
      't.name as teacher_name',
      't.avatar as teacher_avatar',
      't.nationality as teacher_nationality',
      'r.scores',
      'r.comment',
      'r.homework',
    ]);
}

export const progressRepository = {
  /** The period's counts in one statement over the student's classes that started in it (course_student_start_idx). */
  async countsIn(
    db: Db,
    studentId: number,
    startMs: number,
    endMs: number,
    now: number,
  ): Promise<PeriodCounts> {
    const over = overAt(now);
    const present = sql<boolean>`(${over} and (attended is null or attended <> 0))`;
    const row = await db
      .selectFrom('course')
      .select([
        sql<number>`count(case when ${present} then 1 end)`.as('attended'),
        sql<number>`coalesce(sum(case when ${present} then end_at - start_at else 0 end), 0)`.as('ms'),
        sql<number>`count(distinct case when ${present} then teacher_id end)`.as('teachers'),
        sql<number>`count(case when ${over} and attended = 0 then 1 end)`.as('absent'),
        sql<number>`count(case when status = -200 and late_cancel = 1 then 1 end)`.as('late_cancelled'),
      ])
      .where('student_id', '=', studentId)
      .where('start_at', '>=', startMs)
      .where('start_at', '<', endMs)
      .executeTakeFirstOrThrow();
    return {
      attended: Number(row.attended),
      minutes: Math.round(Number(row.ms) / 60_000),
      teachers: Number(row.teachers),
      absent: Number(row.absent),
      late_cancelled: Number(row.late_cancelled),
    };
  },

  /** Attended classes per week (week number → count) of the classes that started in [startMs, endMs). */
  async attendedByWeek(
    db: Db,
    studentId: number,
    startMs: number,
    endMs: number,
    now: number,
  ): Promise<Map<number, number>> {
    const rows = await db
      .selectFrom('course')
      .select([WEEK_OF_START.as('week'), sql<number>`count(*)`.as('n')])
      .where('student_id', '=', studentId)
      .where('start_at', '>=', startMs)
      .where('start_at', '<', endMs)
      .where(overAt(now))
      .where((eb) => eb.or([eb('attended', 'is', null), eb('attended', '<>', 0)]))
      .groupBy(WEEK_OF_START)
      .execute();
    return new Map(rows.map((r) => [Number(r.week), Number(r.n)]));
  },

  /**
   * How many weeks in a row, from week `top` back, hold an attended class (at most `maxWeeks`). One
   * recursive statement that probes each week with one index seek (course_student_start_idx) and
   * stops at the first week without a class: the cost follows the streak's length, not the number
   * of classes in it.
   */
  async streakFrom(db: Db, studentId: number, top: number, now: number, maxWeeks: number): Promise<number> {
    const heldIn = (week: RawBuilder<number>) => sql<boolean>`exists (
      select 1 from course
      where student_id = ${studentId}
        and start_at >= ${sql.lit(WEEK_EPOCH_MS)} + ${week} * ${sql.lit(WEEK_MS)}
        and start_at < ${sql.lit(WEEK_EPOCH_MS)} + (${week} + 1) * ${sql.lit(WEEK_MS)}
        and ${overAt(now)}
        and (attended is null or attended <> 0))`;
    const result = await sql<{ n: number | string }>`
      with recursive held(week) as (
        select cast(${top} as bigint) where ${heldIn(sql<number>`cast(${top} as bigint)`)}
        union all
        select held.week - 1 from held
        where held.week > ${top - maxWeeks + 1} and ${heldIn(sql<number>`(held.week - 1)`)}
      )
      select count(*) as n from held`.execute(db);
    return Number(result.rows[0]?.n ?? 0);
  },

  /** Whether the student ever attended a class (the seek stops at the first: course_student_outcome_idx). */
  async hasAttended(db: Db, studentId: number, now: number): Promise<boolean> {
    const row = await db
      .selectFrom('course')
      .select('id')
      .where('student_id', '=', studentId)
      .where(overAt(now))
      .where((eb) => eb.or([eb('attended', 'is', null), eb('attended', '<>', 0)]))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },

  /**
   * The teacher reports of the classes that started in [startMs, endMs), oldest first. A report is
   * written after its class starts, so the report's own (student_id, created_at) index bounds the
   * scan from the period's start (teacher_report_student_idx).
   */
  reportsIn(db: Db, studentId: number, startMs: number, endMs: number): Promise<ReportRow[]> {
    return reports(db)
      .where('r.student_id', '=', studentId)
      .where('r.created_at', '>=', startMs)
      .where('c.start_at', '>=', startMs)
      .where('c.start_at', '<', endMs)
      .orderBy('c.start_at')
      .orderBy('r.id')
      .execute() as Promise<ReportRow[]>;
  },

  /** The student's newest teacher report. */
  latestReport(db: Db, studentId: number): Promise<ReportRow | undefined> {
    return reports(db)
      .where('r.student_id', '=', studentId)
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(1)
      .executeTakeFirst() as Promise<ReportRow | undefined>;
  },
};
