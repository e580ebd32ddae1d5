import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddCourseReviewBody } from '@app/contract/courses';
import { http } from '../../../lib/http/http-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type AddCourseReviewInput = Pick<AddCourseReviewBody, 'id' | 'rating'> &
  Partial<Pick<AddCourseReviewBody, 'tags' | 'content'>>;

/** POST /course/addCourseReview: once per attended class, within 7 days of its end. */
export function addCourseReview(body: AddCourseReviewInput): Promise<{ id: number }> {
  return http.post<{ id: number }>('/course/addCourseReview', body);
}

/** The class page shows the review instead of the form; the teacher's reviews and rating change too. */
export function useAddCourseReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ review }: { review: AddCourseReviewInput; teacherId: number }) => addCourseReview(review),
    onSettled: (_data, _error, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.courses.infos() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.teachers.reviews(input.teacherId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.teachers.info(input.teacherId) }),
      ]),
  });
}
