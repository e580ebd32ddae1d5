import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@app/contract/paging';
import type { TeacherCard } from '@app/contract/teachers';
import { http } from '../../../lib/http/http-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useStudentId, type StudentKey } from '../../../lib/session/student-id.ts';

/** GET /user/getLikeTeacherList: the student's favourite teachers as cards (login required). */
export function getLikeTeacherList(current: number, size: number): Promise<Page<TeacherCard>> {
  return http.get<Page<TeacherCard>>('/user/getLikeTeacherList', { params: { current, size }, silent: true });
}

export function getLikeTeacherListQueryOptions(studentId: StudentKey, current: number, size: number) {
  return queryOptions({
    // Under queryKeys.favourites.all, so a like or unlike reloads it with the ids.
    queryKey: queryKeys.favourites.list(studentId, current, size),
    queryFn: () => getLikeTeacherList(current, size),
    enabled: studentId !== null,
  });
}

export function useLikeTeacherList(current: number, size: number) {
  return useQuery({
    ...getLikeTeacherListQueryOptions(useStudentId(), current, size),
    placeholderData: keepPreviousData,
  });
}
