import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { AppConfig } from '@app/contract/app-config';
import { http } from '../http/http-client.ts';
import { queryKeys } from '../query-keys.ts';
import { arrivedAppConfig, earlyAppConfigReply } from './early-app-config.ts';

/**
 * GET /app/config: public shell settings (DESIGN.md §6). The first time, the reply of the request
 * index.html sent at start-up (early-app-config.ts); when that failed, and afterwards, the client's.
 */
export async function getAppConfig(): Promise<AppConfig> {
  const early = await earlyAppConfigReply();
  if (early) return early;
  // Silent: the shell falls back to built-in names, an error toast on every page would only annoy.
  return http.get<AppConfig>('/app/config', { silent: true });
}

/** Puts the early reply in the query cache when it has arrived, so the first render has it. */
export function seedArrivedAppConfig(queryClient: QueryClient): void {
  const settings = arrivedAppConfig();
  if (settings) queryClient.setQueryData(queryKeys.appConfig.all, settings);
}

export function getAppConfigQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.appConfig.all,
    queryFn: getAppConfig,
    // Operators change it rarely; the shell falls back to built-in names while it is missing.
    staleTime: 10 * 60_000,
    retry: 1,
  });
}

export function useAppConfig() {
  return useQuery(getAppConfigQueryOptions());
}
