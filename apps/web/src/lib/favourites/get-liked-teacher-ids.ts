import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../http/http-client.ts';
import { useSession, type SessionState } from '../session/session-store.ts';
import { queryKeys } from '../query-keys.ts';

/**
 * GET /user/getUserLikeTeachersIds: the student's favourite teacher ids (SPEC.md §4: loaded once per
 * login, reloaded after each change). It lives in lib because the shell's favourites badge and the
 * teachers feature both read it, and features must not import each other (STYLE.md).
 */
export function getLikedTeacherIds(): Promise<number[]> {
  return http.get<number[]>('/user/getUserLikeTeachersIds', { silent: true });
}

export function getLikedTeacherIdsQueryOptions(studentId: string | number | null) {
  return queryOptions({
    queryKey: queryKeys.favourites.ids(studentId),
    queryFn: getLikedTeacherIds,
    // Never for a visitor: /user/* answers 401 to them (DESIGN.md §8).
    enabled: studentId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The logged-in student's id, or null: the first part of every query key of the student's own data. */
export const studentIdOf = (s: SessionState): string | number | null =>
  s.token && s.userInfo ? (s.userInfo.student_id ?? null) : null;

export function useStudentId(): string | number | null {
  return useSession(studentIdOf);
}

export function useLikedTeacherIds() {
  return useQuery(getLikedTeacherIdsQueryOptions(useStudentId()));
}
