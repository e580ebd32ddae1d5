import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TeacherSchedule } from '@app/contract/teachers';
import { http } from '../../../lib/http/http-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type ScheduleParams = { teacher_id: number; from: string; to: string };

/** GET /teacher/getTeacherSchedule: slots starting in [from, to) (at most 31 days). */
export function getTeacherSchedule(params: ScheduleParams): Promise<TeacherSchedule> {
  return http.get<TeacherSchedule>('/teacher/getTeacherSchedule', { params, silent: true });
}

export function getTeacherScheduleQueryOptions(params: ScheduleParams) {
  return queryOptions({
    queryKey: queryKeys.teachers.schedule(params),
    queryFn: () => getTeacherSchedule(params),
  });
}

export function useTeacherSchedule(params: ScheduleParams) {
  return useQuery({ ...getTeacherScheduleQueryOptions(params), placeholderData: keepPreviousData });
}
