import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedUrls } from '@app/contract/courses';
import { http } from '../../../lib/http/http-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useStudentId } from '../../../lib/session/student-id.ts';

/** POST /course/resetCalendarToken: a new feed address; the old one answers 404 from now on. */
export function resetCalendarFeedUrls(): Promise<CalendarFeedUrls> {
  return http.post<CalendarFeedUrls>('/course/resetCalendarToken');
}

/** The dialog shows the new address at once (the reply is the new query data). */
export function useResetCalendarFeed() {
  const queryClient = useQueryClient();
  const studentId = useStudentId();
  return useMutation({
    mutationFn: resetCalendarFeedUrls,
    onSuccess: (urls) => queryClient.setQueryData(queryKeys.courses.calendar(studentId), urls),
  });
}
