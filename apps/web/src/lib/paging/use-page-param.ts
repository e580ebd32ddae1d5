import { useSearchParams } from 'react-router';

/**
 * The page of a paged list, kept in the URL as `?page=` (absent on page 1), so a reload, a shared
 * link and Back all show the same page. Anything but an integer above 1 reads as page 1. `replace`
 * swaps the history entry instead of adding one (the step back from a page past the end).
 */
export function usePageParam(): [page: number, setPage: (next: number, replace?: boolean) => void] {
  const [search, setSearch] = useSearchParams();
  const requested = Number(search.get('page'));
  const page = Number.isInteger(requested) && requested > 1 ? requested : 1;
  const setPage = (next: number, replace = false) => {
    const params = new URLSearchParams(search);
    if (next > 1) params.set('page', String(next));
    else params.delete('page');
    setSearch(params, { replace });
  };
  return [page, setPage];
}
