import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { recordingStore, type NewRecording } from '../lib/recording-store.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Browser-local recordings of one question, read through TanStack Query like any other source. */
export function recordingsQueryOptions(questionId: number) {
  return queryOptions({
    queryKey: queryKeys.ielts.recordings(questionId),
    queryFn: () => recordingStore.list(questionId),
    staleTime: Infinity,
    retry: false,
  });
}

export function useRecordings(questionId: number) {
  return useQuery(recordingsQueryOptions(questionId));
}

export function useAddRecording(questionId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (recording: NewRecording) => recordingStore.add(recording),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.ielts.recordings(questionId) }),
  });
}

export function useDeleteRecording(questionId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => recordingStore.remove(id),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.ielts.recordings(questionId) }),
  });
}
