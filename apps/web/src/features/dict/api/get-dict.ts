import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DictItem, DictName } from '@app/contract/dict';
import type { Lang } from '@app/contract/i18n';
import { http } from '../../../lib/http/http-client.ts';
import { useSettings } from '../../../lib/settings/settings-store.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /dict/{name}: items labelled in the request's language (SPEC.md §7), cached per name. */
export function getDict(name: DictName): Promise<DictItem[]> {
  return http.get<DictItem[]>(`/dict/${encodeURIComponent(name)}`);
}

export function getDictQueryOptions(name: DictName, lang: Lang) {
  return queryOptions({
    // The labels depend on the api-language header, so the language is part of the key.
    queryKey: queryKeys.dict.item(name, lang),
    queryFn: () => getDict(name),
    staleTime: Infinity,
    gcTime: 60 * 60_000,
  });
}

export function useDict(name: DictName) {
  const lang = useSettings((s) => s.language);
  return useQuery(getDictQueryOptions(name, lang));
}
