import type { ReactNode } from 'react';
import { ListEmpty, ListSkeleton } from './list-states.tsx';
import { PagedList, type PagedListProps } from './paged-list.tsx';

export type CountedPagedListProps<T> = Omit<PagedListProps<T>, 'skeleton' | 'empty' | 'summary'> & {
  testIdPrefix: string;
  /** Skeleton rows (one line each) while the first page loads. */
  skeletonCount: number;
  /** The empty state's text (the list's own, or that of its filter). */
  emptyText: string;
  /** Under the empty state's text (a button that clears the filter). */
  emptyAction?: ReactNode;
  /** The count of records above the list, announced politely when it changes. */
  countText: (total: number) => string;
};

/** A filtered history (orders, a ledger): a PagedList with one-line skeleton rows and a live count. */
export function CountedPagedList<T>({
  skeletonCount,
  emptyText,
  emptyAction,
  countText,
  ...list
}: CountedPagedListProps<T>) {
  return (
    <PagedList
      {...list}
      skeleton={<ListSkeleton testIdPrefix={list.testIdPrefix} count={skeletonCount} rows={1} />}
      empty={
        <ListEmpty testIdPrefix={list.testIdPrefix} description={emptyText}>
          {emptyAction}
        </ListEmpty>
      }
      summary={(data) => (
        <p className="ls-muted ls-small" aria-live="polite" style={{ margin: 0 }}>
          {countText(data.total)}
        </p>
      )}
    />
  );
}
