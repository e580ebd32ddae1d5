import { useEffect, useRef } from 'react';

type PageLike = { records: readonly unknown[]; total: number; size: number };

/**
 * The page to show instead of `page` when the list came back empty past its end (a stale or
 * shared link with ?page=999, or the last card of the last page removed); null when `page` is fine.
 */
export function lastPageInstead(data: PageLike | undefined, page: number): number | null {
  if (!data || data.records.length > 0 || data.total <= 0 || page <= 1 || data.size <= 0) return null;
  const last = Math.max(1, Math.ceil(data.total / data.size));
  // Only ever backwards: an empty page inside the range is stale placeholder data, not a bad link.
  return last < page ? last : null;
}

/**
 * Steps back to the last page when `page` is past the end of a non-empty list, once per target,
 * so the student never lands on an empty page of a list that has records. `goTo` should replace
 * the history entry, so Back does not return to the empty page.
 */
export function useStepBackToLastPage(
  data: PageLike | undefined,
  page: number,
  goTo: (page: number) => void,
): void {
  const target = lastPageInstead(data, page);
  const goToRef = useRef(goTo);
  const done = useRef<string | null>(null);
  useEffect(() => {
    goToRef.current = goTo;
  });
  useEffect(() => {
    if (target === null) {
      done.current = null;
      return;
    }
    const key = `${page}->${target}`;
    if (done.current === key) return;
    done.current = key;
    goToRef.current(target);
  }, [page, target]);
}
