import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CalendarFeedUrls } from '@app/contract/courses';
import { http } from '../../../lib/http/http-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useStudentId, type StudentKey } from '../../../lib/session/student-id.ts';

/**
 * POST /course/getCalendarToken: the student's calendar feed (https and webcal). A POST because the
 * first call makes the token; later calls return the same address until it is reset, so it is read
 * like a query (cached, refetched only when the dialog opens again after a reset elsewhere).
 */
export function getCalendarFeedUrls(): Promise<CalendarFeedUrls> {
  return http.post<CalendarFeedUrls>('/course/getCalendarToken', undefined, { silent: true });
}

export function getCalendarFeedQueryOptions(studentId: StudentKey) {
  return queryOptions({
    queryKey: queryKeys.courses.calendar(studentId),
    queryFn: getCalendarFeedUrls,
    enabled: studentId !== null,
  });
}

/** Asked only while the dialog is open (`enabled`). */
export function useCalendarFeedUrls(enabled: boolean) {
  const options = getCalendarFeedQueryOptions(useStudentId());
  return useQuery({ ...options, enabled: enabled && options.enabled !== false });
}
