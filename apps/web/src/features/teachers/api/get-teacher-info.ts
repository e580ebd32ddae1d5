import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeacherInfo } from '@app/contract/teachers';
import { http } from '../../../lib/http/http-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /teacher/getTeacherInfo: one teacher's profile (404 for an unknown id). */
export function getTeacherInfo(teacherId: number): Promise<TeacherInfo> {
  return http.get<TeacherInfo>('/teacher/getTeacherInfo', {
    params: { teacher_id: teacherId },
    silent: true,
  });
}

export function getTeacherInfoQueryOptions(teacherId: number) {
  return queryOptions({
    queryKey: queryKeys.teachers.info(teacherId),
    queryFn: () => getTeacherInfo(teacherId),
    enabled: teacherId > 0,
  });
}

export function useTeacherInfo(teacherId: number) {
  return useQuery(getTeacherInfoQueryOptions(teacherId));
}
