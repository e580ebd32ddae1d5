import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../http/http-client.ts';
import { useStudentId, type StudentKey } from '../session/student-id.ts';
import { queryKeys } from '../query-keys.ts';

/**
 * GET /user/getUserLikeTeachersIds: the student's favourite teacher ids (SPEC.md §4: loaded once per
 * login, reloaded after each change). It lives in lib because the shell's favourites badge and the
 * teachers feature both read it, and features must not import each other (STYLE.md).
 */
export function getLikedTeacherIds(): Promise<number[]> {
  return http.get<number[]>('/user/getUserLikeTeachersIds', { silent: true });
}

export function getLikedTeacherIdsQueryOptions(studentId: StudentKey) {
  return queryOptions({
    queryKey: queryKeys.favourites.ids(studentId),
    queryFn: getLikedTeacherIds,
    // Never for a visitor: /user/* answers 401 to them (DESIGN.md §8).
    enabled: studentId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useLikedTeacherIds() {
  return useQuery(getLikedTeacherIdsQueryOptions(useStudentId()));
}
