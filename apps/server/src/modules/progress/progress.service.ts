import {
  PROGRESS_COMMENTS_MAX,
  PROGRESS_KEYS,
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
import { progressRepository as repo, type ReportRow } from './progress.repository.ts';
import { beijingDate, periodOf, weekOf, weekStartMs, weeksBetween } from './progress.rules.ts';

export type ProgressServiceDeps = { db: Db; clock: Clock };

/** The longest streak counted (ten years): bounds the statement that counts it. */
const STREAK_MAX_WEEKS = 520;

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

/**
 * "My progress" (issue 37): what a student (and a parent) can see of their learning over a period
 * of Beijing days. Only the calling student's classes and reports are ever read.
 */
export function createProgressService(deps: ProgressServiceDeps) {
  const { db, clock } = deps;

  /**
   * Weeks in a row with an attended class up to now: from this week when it has one, else from
   * last week (progress.rules.ts `streakOf`, the rule the statement follows).
   */
  async function streak(studentId: number, now: number): Promise<number> {
    const current = weekOf(now);
    const fromCurrent = await repo.streakFrom(db, studentId, current, now, STREAK_MAX_WEEKS);
    if (fromCurrent > 0) return fromCurrent;
    return repo.streakFrom(db, studentId, current - 1, now, STREAK_MAX_WEEKS);
  }

  return {
    async getProgress(studentId: number, query: ProgressQuery): Promise<Progress> {
      const now = clock.now();
      const period = periodOf(query, now);
      if ('error' in period) throw AppError.badRequest(PROGRESS_KEYS[period.error]);
      const { startMs, endMs } = period;

      const [counts, byWeek, reportRows, latest, hasHistory, streakWeeks] = await Promise.all([
        repo.countsIn(db, studentId, startMs, endMs, now),
        repo.attendedByWeek(db, studentId, startMs, endMs, now),
        repo.reportsIn(db, studentId, startMs, endMs),
        repo.latestReport(db, studentId),
        repo.hasAttended(db, studentId, now),
        streak(studentId, now),
      ]);
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
