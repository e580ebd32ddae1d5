import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TeacherReportItem } from '@app/contract/courses';
import type { Page } from '@app/contract/paging';
import { http } from '../../../lib/http/http-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useStudentId, type StudentKey } from '../../../lib/session/student-id.ts';

const FEEDBACK_PAGE_SIZE = 10;

/** GET /course/getFeedbackList: the teachers' post-lesson reports, newest first, with `read`. */
export function getFeedbackList(current: number, size: number): Promise<Page<TeacherReportItem>> {
  return http.get<Page<TeacherReportItem>>('/course/getFeedbackList', {
    params: { current, size },
    silent: true,
  });
}

export function getFeedbackListQueryOptions(studentId: StudentKey, current: number, size: number) {
  return queryOptions({
    queryKey: queryKeys.courses.feedbackList(studentId, current, size),
    queryFn: () => getFeedbackList(current, size),
    enabled: studentId !== null,
  });
}

export function useFeedbackList(current: number, size = FEEDBACK_PAGE_SIZE) {
  return useQuery({
    ...getFeedbackListQueryOptions(useStudentId(), current, size),
    placeholderData: keepPreviousData,
  });
}
