import { useQuery } from '@tanstack/react-query';
import type { DictItem } from '@app/contract/dict';
import { FEEDBACK_TYPES } from '@app/contract/enums';
import { http } from '../../../lib/http/http-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useSettings } from '../../../lib/settings/settings-store.ts';

const NAME = 'student.feedback.type';

/**
 * GET /dict/student.feedback.type (SPEC.md §2: the dialog's types come from the dictionary), under
 * the dictionary's own key so it shares the cache with every other reader. Until it answers (or if
 * it fails) the contract's labels, which the server's dictionary is made from, fill the select.
 */
export function useFeedbackTypes() {
  const lang = useSettings((s) => s.language);
  return useQuery({
    queryKey: queryKeys.dict.item(NAME, lang),
    queryFn: () => http.get<DictItem[]>(`/dict/${NAME}`, { silent: true }),
    staleTime: Infinity,
    gcTime: 60 * 60_000,
    placeholderData: FEEDBACK_TYPES.map((t): DictItem => ({
      value: t.value,
      label: t.label[lang],
      color: null,
      children: [],
    })),
  });
}
