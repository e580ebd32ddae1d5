import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { ListEmpty, ListError, ListSkeleton } from '../../../components/list-states.tsx';
import { isNotFound } from '../lib/not-found.ts';
import { CourseNav } from './course-nav.tsx';

/**
 * A page of one record of the courses area (a class, a report): its title and the section's nav,
 * then "not found" (a bad id in the URL, or a 404) with a link back to the list, a skeleton while
 * it loads, an error with retry, or the record itself.
 */
export function CourseRecordPage<T>({
  title,
  query,
  badId,
  testIdPrefix,
  notFoundText,
  back,
  skeletonRows,
  errorTitle,
  children,
}: {
  title: string;
  query: UseQueryResult<T>;
  /** The URL's ids cannot name a record: "not found" without asking. */
  badId: boolean;
  testIdPrefix: string;
  notFoundText: string;
  back: { to: string; label: string };
  skeletonRows: number;
  errorTitle: string;
  children: (record: T) => ReactNode;
}) {
  const notFound = badId || (query.isError && isNotFound(query.error));
  return (
    <div className="ls-c-page">
      <h1>{title}</h1>
      <CourseNav />
      {notFound ? (
        <ListEmpty testIdPrefix={testIdPrefix} description={notFoundText}>
          <Link to={back.to} className="ls-link-btn">
            {back.label}
          </Link>
        </ListEmpty>
      ) : query.isPending ? (
        <ListSkeleton
          count={1}
          className="ls-c-record-skeleton"
          itemClassName="ls-c-card"
          avatar={{ size: 56 }}
          rows={skeletonRows}
          testIdPrefix={testIdPrefix}
        />
      ) : query.isError ? (
        <ListError testIdPrefix={testIdPrefix} title={errorTitle} onRetry={() => void query.refetch()} />
      ) : (
        children(query.data)
      )}
    </div>
  );
}
