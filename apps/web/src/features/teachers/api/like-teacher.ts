import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@app/contract/envelope-guard';
import type { LikeTeacherResult } from '@app/contract/teachers';
import { http } from '../../../lib/http/http-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type LikeTeacherReply = LikeTeacherResult & { msg: string };

/** POST /user/UserLikeTeacher: toggles a favourite; keeps the server's msg ('Operation complete'). */
export async function likeTeacher(teacherId: number): Promise<LikeTeacherReply> {
  const response = await http.raw<Envelope<LikeTeacherResult>>({
    method: 'POST',
    url: '/user/UserLikeTeacher',
    data: { teacher_id: teacherId },
  });
  return { ...response.data.data, msg: response.data.msg };
}

/** Reloads the ids (header badge), the favourites list and the lists' `liked` flags (SPEC.md §4). */
export function useLikeTeacher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: likeTeacher,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.favourites.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.teachers.lists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.teachers.infos() }),
      ]);
    },
  });
}
