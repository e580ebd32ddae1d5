import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppConfig } from '@app/contract/app-config';
import { http } from '../http/http-client.ts';
import { queryKeys } from '../query-keys.ts';

/** GET /app/config: public shell settings (DESIGN.md §6). */
export function getAppConfig(): Promise<AppConfig> {
  // Silent: the shell falls back to built-in names, an error toast on every page would only annoy.
  return http.get<AppConfig>('/app/config', { silent: true });
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
