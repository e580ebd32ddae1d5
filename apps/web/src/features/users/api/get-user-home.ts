import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserHome } from '@app/contract/users';
import { http } from '../../../lib/http/http-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useStudentId, type StudentKey } from '../../../lib/session/student-id.ts';

/**
 * GET /user/getUserHome: the account overview (profile with its settings, coins, cards summary,
 * next classes, teacher reports, counts). The profile page reads its form's values from it too.
 */
export function getUserHome(): Promise<UserHome> {
  return http.get<UserHome>('/user/getUserHome', { silent: true });
}

export function getUserHomeQueryOptions(studentId: StudentKey) {
  return queryOptions({
    queryKey: queryKeys.users.home(studentId),
    queryFn: getUserHome,
    // Never for a visitor: /user/* answers 401 to them (DESIGN.md §8).
    enabled: studentId !== null,
  });
}

export function useUserHome() {
  return useQuery(getUserHomeQueryOptions(useStudentId()));
}
