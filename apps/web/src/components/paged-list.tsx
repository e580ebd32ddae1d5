import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Pagination } from 'antd';
import type { Page } from '@app/contract/paging';
import { useStepBackToLastPage } from '../lib/paging/last-page.ts';
import { ListEmpty, ListError, ListSkeleton } from './list-states.tsx';
import { pageLinks, searchWithPage } from './page-links.tsx';

/** What PagedList reads of a TanStack query of one page (`useQuery` results fit as they are). */
export type PageQuery<T> = {
  data: Page<T> | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
};

export type PagedListProps<T> = {
  query: PageQuery<T>;
  /** The page asked for (usePageParam), which may be past the end of the list. */
  page: number;
  onPageChange: (page: number, replace?: boolean) => void;
  /** One record; give it its key. */
  renderItem: (record: T) => ReactNode;
  /** Class and test id of the records' container. */
  className?: string;
  testId?: string;
  /** Names the skeleton, error and empty states for tests (`<prefix>-empty`, …). */
  testIdPrefix?: string;
  skeleton?: ReactNode;
  /** The empty state; defaults to a generic "nothing here yet". */
  empty?: ReactNode;
  errorTitle?: string;
  /** Above the records once loaded (a count, a total). */
  summary?: (page: Page<T>) => ReactNode;
};

/**
 * A paged list with the states of DESIGN.md §8: skeleton while the first page loads, error with
 * retry, empty state, then the records and a pager when there is more than one page. A page past
 * the end (a stale link, or the last record of the last page removed) steps back to the last page,
 * replacing the history entry, so the student never sees an empty page of a list that has records.
 */
export function PagedList<T>({
  query,
  page,
  onPageChange,
  renderItem,
  className = 'ls-list',
  testId,
  testIdPrefix,
  skeleton,
  empty,
  errorTitle,
  summary,
}: PagedListProps<T>) {
  useStepBackToLastPage(query.data, page, (last) => onPageChange(last, true));
  const [search] = useSearchParams();

  if (query.isPending) return skeleton ?? <ListSkeleton testIdPrefix={testIdPrefix} />;
  if (query.isError || !query.data) {
    return <ListError testIdPrefix={testIdPrefix} title={errorTitle} onRetry={() => void query.refetch()} />;
  }
  const data = query.data;
  if (data.records.length === 0) return empty ?? <ListEmpty testIdPrefix={testIdPrefix} />;
  return (
    <>
      {summary?.(data)}
      <div className={className} data-testid={testId}>
        {data.records.map(renderItem)}
      </div>
      {data.total > data.size && (
        <Pagination
          align="center"
          current={data.current}
          pageSize={data.size}
          total={data.total}
          showSizeChanger={false}
          onChange={(next) => onPageChange(next)}
          itemRender={pageLinks((n) => searchWithPage(search, n))}
        />
      )}
    </>
  );
}
