import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddFeedbackBody, AddFeedbackResult } from '@app/contract/feedback';
import { http } from '../../../lib/http/http-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /user/addStudentComplaint (login required). */
export function addFeedback(body: AddFeedbackBody): Promise<AddFeedbackResult> {
  return http.post<AddFeedbackResult>('/user/addStudentComplaint', body);
}

export function useAddFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFeedback,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.feedback.all }),
  });
}
