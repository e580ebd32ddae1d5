import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelCourseBody, CancelCourseResult } from '@app/contract/courses';
import { http } from '../../../lib/http/http-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * POST /course/cancelCourse: refunds 24 h or more before the start, otherwise a late cancellation.
 * A refusal (already started, already cancelled) rejects with the server's words, toasted by the
 * HTTP client.
 */
export function cancelCourse(body: CancelCourseBody): Promise<CancelCourseResult> {
  return http.post<CancelCourseResult>('/course/cancelCourse', body);
}

/**
 * A cancellation frees the teacher's slot, moves the class to the finished list, may give coins or
 * a card lesson back and changes the home overview: all refreshed by name, also after a refusal
 * (the page on screen was stale).
 */
export function useCancelCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelCourse,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.courses.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.wallet.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.teachers.schedules() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.home.all }),
      ]),
  });
}
