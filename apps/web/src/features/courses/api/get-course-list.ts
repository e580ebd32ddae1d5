import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseListPage, CourseListScope } from '@app/contract/courses';
import { http } from '../../../lib/http/http-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useStudentId, type StudentKey } from '../../../lib/session/student-id.ts';

const COURSE_LIST_PAGE_SIZE = 10;

/**
 * GET /course/getCourseList: `recent` (not started or in class, soonest first) or `finished` (over,
 * cancelled or abolished, latest first, with its total split by outcome). The list shows its own error
 * state, so no toast.
 */
export function getCourseList(
  scope: CourseListScope,
  current: number,
  size: number,
): Promise<CourseListPage> {
  return http.get<CourseListPage>('/course/getCourseList', {
    params: { scope, current, size },
    silent: true,
  });
}

export function getCourseListQueryOptions(
  studentId: StudentKey,
  scope: CourseListScope,
  current: number,
  size: number,
) {
  return queryOptions({
    queryKey: queryKeys.courses.list(studentId, scope, current, size),
    queryFn: () => getCourseList(scope, current, size),
    enabled: studentId !== null,
  });
}

/** One page of a list; the previous page stays on screen while the next one loads. */
export function useCourseList(scope: CourseListScope, current: number, size = COURSE_LIST_PAGE_SIZE) {
  return useQuery({
    ...getCourseListQueryOptions(useStudentId(), scope, current, size),
    placeholderData: keepPreviousData,
  });
}
