import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/http/api-error.ts';

/** Server state lives here only (STYLE.md §3). Errors are already shown as toasts by the HTTP client. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (failureCount, error) => failureCount < 2 && !isRefusal(error),
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});

/** A 4xx (envelope or HTTP) will answer the same again: retrying only repeats the toast. */
function isRefusal(error: unknown): boolean {
  if (!isApiError(error)) return false;
  const status = error.httpStatus ?? error.code;
  return status >= 400 && status < 500;
}
