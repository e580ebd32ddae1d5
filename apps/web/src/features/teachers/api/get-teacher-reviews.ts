import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Page } from '@app/contract/paging';
import type { TeacherReview } from '@app/contract/teachers';
import { http } from '../../../lib/http/http-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const REVIEWS_PAGE_SIZE = 5;

/** GET /teacher/getTeacherReviews: lesson reviews, newest first, nicks masked. */
export function getTeacherReviews(teacherId: number, current: number): Promise<Page<TeacherReview>> {
  return http.get<Page<TeacherReview>>('/teacher/getTeacherReviews', {
    params: { teacher_id: teacherId, current, size: REVIEWS_PAGE_SIZE },
    silent: true,
  });
}

export function getTeacherReviewsQueryOptions(teacherId: number) {
  return infiniteQueryOptions({
    queryKey: queryKeys.teachers.reviews(teacherId),
    queryFn: ({ pageParam }) => getTeacherReviews(teacherId, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current * last.size < last.total ? last.current + 1 : undefined),
  });
}

/** "Load more" pages. */
export function useTeacherReviews(teacherId: number) {
  return useInfiniteQuery(getTeacherReviewsQueryOptions(teacherId));
}
