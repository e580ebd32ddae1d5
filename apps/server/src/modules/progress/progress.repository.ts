import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import { WEEK_EPOCH_MS, WEEK_MS } from './progress.rules.ts';

/**
 * All SQL of "My progress" (issue 37): read-only aggregates over the courses area's `course` and
 * `teacher_report` tables, each bounded by the student and a period on an indexed column (or, for
 * the streak, by its cap of weeks), so the cost follows the classes of the period, not the
 * student's whole history (docs/decisions.md).
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

/** The period's classes of one week with one teacher: what the summary and the week bars add up. */
export type PeriodGroup = {
  week: number;
  teacher_id: number;
  attended: number;
  ms: number;
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

const reportColumns = [
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
] as const;

function reports(db: Db) {
  return db
    .selectFrom('teacher_report as r')
    .innerJoin('course as c', 'c.id', 'r.course_id')
    .innerJoin('teacher as t', 't.id', 'r.teacher_id')
    .select(reportColumns);
}

export const progressRepository = {
  /**
   * The classes that started in [startMs, endMs), grouped by week of start and teacher, in one
   * statement over the student's index range of the period (course_student_start_idx): attended
   * classes and their milliseconds, absences, late cancellations. The service adds the groups up
   * into the summary and the week bars, so the period's rows are read once.
   */
  async groupsIn(
    db: Db,
    studentId: number,
    startMs: number,
    endMs: number,
    now: number,
  ): Promise<PeriodGroup[]> {
    const over = overAt(now);
    const present = sql<boolean>`(${over} and (attended is null or attended <> 0))`;
    const rows = await db
      .selectFrom('course')
      .select([
        WEEK_OF_START.as('week'),
        'teacher_id',
        sql<number>`count(case when ${present} then 1 end)`.as('attended'),
        sql<number>`coalesce(sum(case when ${present} then end_at - start_at else 0 end), 0)`.as('ms'),
        sql<number>`count(case when ${over} and attended = 0 then 1 end)`.as('absent'),
        sql<number>`count(case when status = -200 and late_cancel = 1 then 1 end)`.as('late_cancelled'),
      ])
      .where('student_id', '=', studentId)
      .where('start_at', '>=', startMs)
      .where('start_at', '<', endMs)
      .groupBy([WEEK_OF_START, 'teacher_id'])
      .execute();
    return rows.map((r) => ({
      week: Number(r.week),
      teacher_id: Number(r.teacher_id),
      attended: Number(r.attended),
      ms: Number(r.ms),
      absent: Number(r.absent),
      late_cancelled: Number(r.late_cancelled),
    }));
  },

  /**
   * The current streak (progress.rules.ts `streakOf`), at most `maxWeeks`: weeks in a row with an
   * attended class, from week `current` when it holds one, else from the week before. One recursive
   * statement that probes one week per step with one index seek (course_student_start_idx; the
   * week's first attended class ends the probe) and stops at the first week without one or after
   * `maxWeeks`: at most maxWeeks + 2 seeks, whatever the length of the student's history.
   */
  async streak(db: Db, studentId: number, current: number, now: number, maxWeeks: number): Promise<number> {
    // A scalar subquery, not `exists`: PostgreSQL turns an `exists` of the recursive step into a
    // semi join over every class of the student; a subquery with `limit` stays one seek per week.
    const heldIn = (week: RawBuilder<number>) => sql<boolean>`(
      select 1 from course
      where student_id = ${studentId}
        and start_at >= ${sql.lit(WEEK_EPOCH_MS)} + ${week} * ${sql.lit(WEEK_MS)}
        and start_at < ${sql.lit(WEEK_EPOCH_MS)} + (${week} + 1) * ${sql.lit(WEEK_MS)}
        and ${overAt(now)}
        and (attended is null or attended <> 0)
      limit 1) is not null`;
    const top = sql<number>`cast(${current} as bigint)`;
    const before = sql<number>`cast(${current - 1} as bigint)`;
    const result = await sql<{ n: number | string }>`
      with recursive held(week, n) as (
        select case when ${heldIn(top)} then ${top} else ${before} end, 1
        where ${heldIn(top)} or ${heldIn(before)}
        union all
        select held.week - 1, held.n + 1 from held
        where held.n < ${sql.lit(maxWeeks)} and ${heldIn(sql<number>`(held.week - 1)`)}
      )
      select count(*) as n from held`.execute(db);
    return Number(result.rows[0]?.n ?? 0);
  },

  /**
   * Whether the student ever attended a class: two seeks on course_student_outcome_idx (student,
   * status, end, attended), each stopping at its first match: a class stored as over and not
   * reported absent, or one stored as open that has ended (cancelled classes, which sort first in
   * the index, are never walked).
   */
  async hasAttended(db: Db, studentId: number, now: number): Promise<boolean> {
    const result = await sql<{ held: number | string }>`
      select case when exists (
        select 1 from course
        where student_id = ${studentId} and status = 300 and (attended is null or attended <> 0)
      ) or exists (
        select 1 from course
        where student_id = ${studentId} and status in (100, 200) and end_at <= ${now}
          and (attended is null or attended <> 0)
      ) then 1 else 0 end as held`.execute(db);
    return Number(result.rows[0]?.held ?? 0) === 1;
  },

  /**
   * The teacher reports of the classes that started in [startMs, endMs), oldest first. Read from the
   * period's classes (course_student_start_idx) with each class's report by its unique course_id:
   * the rows read are the period's classes, however many reports the student had written since.
   */
  reportsIn(db: Db, studentId: number, startMs: number, endMs: number): Promise<ReportRow[]> {
    return db
      .selectFrom('course as c')
      .innerJoin('teacher_report as r', 'r.course_id', 'c.id')
      .innerJoin('teacher as t', 't.id', 'r.teacher_id')
      .select(reportColumns)
      .where('c.student_id', '=', studentId)
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
