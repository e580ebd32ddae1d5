import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Timetable } from '@app/contract/courses';
import { http } from '../../../lib/http/http-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useStudentId, type StudentKey } from '../../../lib/session/student-id.ts';

export type TimetableRange = { from: string; to: string };

/** GET /course/getTimetable: the student's classes starting in [from, to) (cancelled ones included). */
export function getTimetable(range: TimetableRange): Promise<Timetable> {
  return http.get<Timetable>('/course/getTimetable', { params: range, silent: true });
}

export function getTimetableQueryOptions(studentId: StudentKey, range: TimetableRange) {
  return queryOptions({
    queryKey: queryKeys.courses.timetable(studentId, range.from, range.to),
    queryFn: () => getTimetable(range),
    enabled: studentId !== null,
  });
}

/** One week of classes; the previous week stays on screen while the next one loads. */
export function useTimetable(range: TimetableRange) {
  return useQuery({
    ...getTimetableQueryOptions(useStudentId(), range),
    placeholderData: keepPreviousData,
  });
}
