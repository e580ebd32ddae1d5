import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TeacherReport } from '@app/contract/courses';
import { http } from '../../../lib/http/http-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useStudentId, type StudentKey } from '../../../lib/session/student-id.ts';

/** GET /course/getFeedbackInfo: one report (`ecId` the class, `id` the report); reading marks it read. */
export function getFeedbackInfo(ecId: number, id: number): Promise<TeacherReport> {
  return http.get<TeacherReport>('/course/getFeedbackInfo', { params: { ec_id: ecId, id }, silent: true });
}

export function getFeedbackInfoQueryOptions(studentId: StudentKey, ecId: number, id: number) {
  return queryOptions({
    queryKey: queryKeys.courses.feedbackInfo(studentId, ecId, id),
    queryFn: () => getFeedbackInfo(ecId, id),
    enabled: studentId !== null && ecId > 0 && id > 0,
    retry: false,
  });
}

/** The report; once it has arrived the server counts it read, so the list's "new" marks reload. */
export function useFeedbackInfo(ecId: number, id: number) {
  const queryClient = useQueryClient();
  const query = useQuery(getFeedbackInfoQueryOptions(useStudentId(), ecId, id));
  const arrived = query.isSuccess;
  useEffect(() => {
    if (!arrived) return;
    void queryClient.invalidateQueries({ queryKey: [...queryKeys.courses.feedbacks(), 'list'] });
    void queryClient.invalidateQueries({ queryKey: queryKeys.courses.infos() });
    void queryClient.invalidateQueries({ queryKey: queryKeys.home.all });
  }, [arrived, queryClient]);
  return query;
}
