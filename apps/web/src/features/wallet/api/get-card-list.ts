import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LessonCard } from '@app/contract/wallet';
import { http } from '../../../lib/http/http-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useStudentId, type StudentKey } from '../../../lib/session/student-id.ts';

/** GET /user/cards/getCardList: the student's lesson cards, usable first (soonest expiry). */
export function getCardList(): Promise<LessonCard[]> {
  return http.get<LessonCard[]>('/user/cards/getCardList', { silent: true });
}

export function getCardListQueryOptions(studentId: StudentKey) {
  return queryOptions({
    queryKey: queryKeys.wallet.cards(studentId),
    queryFn: getCardList,
    enabled: studentId !== null,
  });
}

export function useCardList() {
  return useQuery(getCardListQueryOptions(useStudentId()));
}
