import { CODES } from '@app/contract/codes';
import type { CourseItem, TeacherReportItem } from '@app/contract/courses';
import type { CancelReason, Nationality } from '@app/contract/enums';
import type { MessageKey } from '@app/contract/messages';
import { parseJson } from '../../db/json-column.ts';
import { iso, isoOrNull } from '../../db/time.ts';
import { AppError } from '../../http/app-error.ts';
import { deriveStatus, isLiveRoom } from './booking.rules.ts';
import type { CourseRow, ReportRow } from './courses.repository.ts';

/**
 * How a class's rows become replies, shared by the class services of this module (booking and
 * reads in courses.service.ts, reviews and reports in class-reviews.service.ts), and the refusal
 * they all raise when a rule says no.
 */

/** A 422 with the rule's message. */
export const unprocessable = (key: MessageKey, params?: Record<string, number>) =>
  new AppError(CODES.UNPROCESSABLE, key, params);

export function teacherOf(row: {
  teacher_id: number;
  teacher_name: string;
  teacher_avatar: string;
  teacher_nationality: string;
}) {
  return {
    id: row.teacher_id,
    name: row.teacher_name,
    avatar: row.teacher_avatar,
    nationality: row.teacher_nationality as Nationality,
  };
}

export function toItem(row: CourseRow, now: number): CourseItem {
  const start = Number(row.start_at);
  const end = Number(row.end_at);
  return {
    id: row.id,
    teacher: teacherOf(row),
    slot_id: row.slot_id,
    start: iso(start),
    end: iso(end),
    minutes: Math.round((end - start) / 60_000),
    status: deriveStatus(
      { status: row.status, start_at: start, end_at: end, live: isLiveRoom(row.classroom_url) },
      now,
    ),
    pay_type: row.pay_type,
    price_coins: row.price_coins,
    card_id: row.card_id,
    card_type: row.card_type,
    late_cancel: row.late_cancel === 1,
    cancel_reason: row.cancel_reason as CancelReason | null,
    cancelled_at: isoOrNull(row.cancelled_at),
    attended: row.attended === null ? null : row.attended === 1,
    created_at: iso(Number(row.created_at)),
  };
}

export function toReportItem(row: ReportRow): TeacherReportItem {
  return {
    id: row.id,
    course_id: row.course_id,
    teacher: teacherOf(row),
    course_start: iso(Number(row.course_start)),
    scores: parseJson<Record<string, number>>(row.scores, {}),
    created_at: iso(Number(row.created_at)),
    read: row.read_at !== null,
  };
}

/** A row's times as numbers (bigint columns come back as numbers, but keep the rules exact). */
export function times(row: CourseRow) {
  return {
    status: row.status,
    start_at: Number(row.start_at),
    end_at: Number(row.end_at),
    live: isLiveRoom(row.classroom_url),
  };
}
