import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Bilingual } from '@app/contract/i18n';
import { queryKeys } from '../../../lib/query-keys.ts';

export type TagLabel = { value: string; label: Bilingual; color?: string };

/**
 * TEACHER_TAGS and REVIEW_TAGS live in the contract's teachers module, which also defines its zod
 * schemas: importing it statically would put zod on the first screen. The labels are loaded in their
 * own chunk right after the list renders instead.
 */
export const tagLabelsQueryOptions = queryOptions({
  queryKey: queryKeys.teachers.tagLabels(),
  queryFn: async () => {
    const m = await import('@app/contract/teachers');
    return {
      teacher: new Map<string, TagLabel>(m.TEACHER_TAGS.map((t) => [t.value, t])),
      review: new Map<string, TagLabel>(m.REVIEW_TAGS.map((t) => [t.value, t])),
    };
  },
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
});

export function useTagLabels() {
  return useQuery(tagLabelsQueryOptions).data;
}
