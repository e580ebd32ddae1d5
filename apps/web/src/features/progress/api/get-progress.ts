import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Progress } from '@app/contract/progress';
import { http } from '../../../lib/http/http-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useStudentId, type StudentKey } from '../../../lib/session/student-id.ts';

/** GET /user/getProgress: the student's progress over Beijing days `from`..`to` (issue 37). */
export function getProgress(from: string, to: string): Promise<Progress> {
  return http.get<Progress>('/user/getProgress', { params: { from, to }, silent: true });
}

export function getProgressQueryOptions(studentId: StudentKey, from: string, to: string) {
  return queryOptions({
    queryKey: queryKeys.progress.period(studentId, from, to),
    queryFn: () => getProgress(from, to),
    // Never for a visitor: /user/* answers 401 to them (DESIGN.md §8).
    enabled: studentId !== null,
    // Another period keeps the figures on screen until its own arrive (no flash of the skeleton).
    placeholderData: keepPreviousData,
  });
}

export function useProgress(from: string, to: string) {
  return useQuery(getProgressQueryOptions(useStudentId(), from, to));
}
