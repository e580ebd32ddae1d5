import {
  PROGRESS_COMMENTS_MAX,
  PROGRESS_KEYS,
  PROGRESS_STREAK_MAX_WEEKS,
  PROGRESS_TIME_ZONE,
  type Progress,
  type ProgressComment,
  type ProgressQuery,
  type ProgressSkill,
} from '@app/contract/progress';
import { REPORT_SKILLS } from '@app/contract/courses';
import type { Nationality } from '@app/contract/enums';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { iso } from '../../db/time.ts';
import { AppError } from '../../http/app-error.ts';
import { progressRepository as repo, type PeriodGroup, type ReportRow } from './progress.repository.ts';
import { beijingDate, periodOf, weekOf, weekStartMs, weeksBetween } from './progress.rules.ts';

export type ProgressServiceDeps = { db: Db; clock: Clock };

const SKILL_ORDER: readonly string[] = REPORT_SKILLS.map((s) => s.value);

function scoresOf(text: string): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed === null || typeof parsed !== 'object') return {};
    const out: Record<string, number> = {};
    for (const [skill, score] of Object.entries(parsed)) {
      if (Number.isInteger(score)) out[skill] = score as number;
    }
    return out;
  } catch {
    return {};
  }
}

function commentOf(row: ReportRow): ProgressComment {
  return {
    report_id: row.id,
    course_id: row.course_id,
    course_start: iso(Number(row.course_start)),
    teacher: {
      id: row.teacher_id,
      name: row.teacher_name,
      avatar: row.teacher_avatar,
      nationality: row.teacher_nationality as Nationality,
    },
    comment: row.comment,
    homework: row.homework,
    scores: scoresOf(row.scores),
  };
}

/** One series per skill, the known skills in REPORT_SKILLS' order, then any other alphabetically. */
function skillSeries(rows: ReportRow[]): ProgressSkill[] {
  const bySkill = new Map<string, ProgressSkill['points']>();
  for (const row of rows) {
    const date = beijingDate(Number(row.course_start));
    for (const [skill, score] of Object.entries(scoresOf(row.scores))) {
      let points = bySkill.get(skill);
      if (!points) bySkill.set(skill, (points = []));
      points.push({ date, course_id: row.course_id, score });
    }
  }
  const rank = (skill: string) => {
    const i = SKILL_ORDER.indexOf(skill);
    return i === -1 ? SKILL_ORDER.length : i;
  };
  return [...bySkill.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([skill, points]) => ({ skill, points }));
}

/** The period's summary counts and attended classes per week, added up from its (week, teacher) groups. */
function totalsOf(groups: PeriodGroup[]) {
  const counts = { attended: 0, minutes: 0, teachers: 0, absent: 0, late_cancelled: 0 };
  const teachers = new Set<number>();
  const byWeek = new Map<number, number>();
  let ms = 0;
  for (const g of groups) {
    counts.attended += g.attended;
    counts.absent += g.absent;
    counts.late_cancelled += g.late_cancelled;
    ms += g.ms;
    if (g.attended > 0) {
      teachers.add(g.teacher_id);
      byWeek.set(g.week, (byWeek.get(g.week) ?? 0) + g.attended);
    }
  }
  counts.minutes = Math.round(ms / 60_000);
  counts.teachers = teachers.size;
  return { counts, byWeek };
}

/**
 * "My progress" (issue 37): what a student (and a parent) can see of their learning over a period
 * of Beijing days. Only the calling student's classes and reports are ever read.
 */
export function createProgressService(deps: ProgressServiceDeps) {
  const { db, clock } = deps;

  return {
    async getProgress(studentId: number, query: ProgressQuery): Promise<Progress> {
      const now = clock.now();
      const period = periodOf(query, now);
      if ('error' in period) throw AppError.badRequest(PROGRESS_KEYS[period.error]);
      const { startMs, endMs } = period;

      const [groups, reportRows, latest, hasHistory, streakWeeks] = await Promise.all([
        repo.groupsIn(db, studentId, startMs, endMs, now),
        repo.reportsIn(db, studentId, startMs, endMs),
        repo.latestReport(db, studentId),
        repo.hasAttended(db, studentId, now),
        // From this week when it has an attended class, else from last week (progress.rules.ts
        // `streakOf`, the rule the statement follows), at most a year.
        repo.streak(db, studentId, weekOf(now), now, PROGRESS_STREAK_MAX_WEEKS),
      ]);
      const { counts, byWeek } = totalsOf(groups);
      const booked = counts.attended + counts.absent + counts.late_cancelled;
      return {
        from: period.from,
        to: period.to,
        time_zone: PROGRESS_TIME_ZONE,
        summary: {
          ...counts,
          booked,
          attendance_rate: booked === 0 ? null : Math.round((counts.attended / booked) * 1000) / 1000,
          streak_weeks: streakWeeks,
        },
        weeks: weeksBetween(startMs, endMs).map((week) => ({
          week_start: beijingDate(weekStartMs(week)),
          attended: byWeek.get(week) ?? 0,
        })),
        skills: skillSeries(reportRows),
        comments: reportRows.slice(-PROGRESS_COMMENTS_MAX).reverse().map(commentOf),
        latest_report: latest ? commentOf(latest) : null,
        has_history: hasHistory,
      };
    },
  };
}

export type ProgressService = ReturnType<typeof createProgressService>;
