import { queryOptions, useQuery } from '@tanstack/react-query';
import { CLASSROOM_OPENS_MINUTES_BEFORE } from '@app/contract/booking';
import type { CourseInfo } from '@app/contract/courses';
import { http } from '../../../lib/http/http-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useStudentId, type StudentKey } from '../../../lib/session/student-id.ts';

/** GET /course/getCourseInfo: one class with its classroom link, playback, review and report. */
export function getCourseInfo(id: number): Promise<CourseInfo> {
  return http.get<CourseInfo>('/course/getCourseInfo', { params: { id }, silent: true });
}

/** How often the page asks again while the classroom link may appear or go (around the class). */
const NEAR_CLASS_POLL_MS = 30_000;

/**
 * Whether the class is close enough to its start, or under way, that the classroom link may change
 * soon: the server gives it from 10 minutes before the start until the end.
 */
export function classroomMayChange(info: CourseInfo | undefined, now: number): boolean {
  if (!info || (info.status !== 100 && info.status !== 200)) return false;
  const opensAt = Date.parse(info.start) - CLASSROOM_OPENS_MINUTES_BEFORE * 60_000;
  return now >= opensAt - 5 * 60_000 && now < Date.parse(info.end) + 60_000;
}

export function getCourseInfoQueryOptions(studentId: StudentKey, id: number) {
  return queryOptions({
    queryKey: queryKeys.courses.info(studentId, id),
    queryFn: () => getCourseInfo(id),
    enabled: studentId !== null && id > 0,
    // A 404 (not the student's class) will not change on a retry.
    retry: false,
    refetchInterval: (query) =>
      classroomMayChange(query.state.data, Date.now()) ? NEAR_CLASS_POLL_MS : false,
  });
}

export function useCourseInfo(id: number) {
  return useQuery(getCourseInfoQueryOptions(useStudentId(), id));
}
