import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookCourseBody, CourseItem } from '@app/contract/courses';
import { http } from '../../../lib/http/http-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type BookCourseInput = BookCourseBody & {
  /**
   * The Idempotency-Key of this confirmation (DESIGN.md §7 "Wallet"): one per confirm dialog, so a
   * double click or a retry after a lost reply returns the first booking instead of a second one.
   */
  idempotencyKey: string;
};

/**
 * POST /course/bookCourse: takes the slot and pays with coins or one card lesson. A refusal (slot
 * taken 409, not enough coins 422, …) rejects with the server's words, which the HTTP client toasts.
 */
export function bookCourse({ idempotencyKey, ...body }: BookCourseInput): Promise<CourseItem> {
  return http.post<CourseItem>('/course/bookCourse', body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/**
 * A booking changes the teacher's slots, the student's classes, coins or cards and the home
 * overview: all of them are refreshed by name, whether the booking succeeded or was refused (a
 * refusal such as "slot taken" means the grid on screen is stale).
 */
export function useBookCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookCourse,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.teachers.schedules() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.courses.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.wallet.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.home.all }),
      ]),
  });
}
