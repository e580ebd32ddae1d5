import { memo, useDeferredValue } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListError } from '../../../components/list-states.tsx';
import { Pager } from '../../../components/pager.tsx';
import { useIsLoggedIn } from '../../../lib/session/session-store.ts';
import { useStepBackToLastPage } from '../../../lib/paging/last-page.ts';
import { useTeacherList } from '../api/get-teacher-list.ts';
import {
  DEFAULT_FILTERS,
  discoveryListParams,
  filtersFromParams,
  filtersToParams,
  hasNarrowingFilters,
  type TeacherFilters as Filters,
} from '../lib/filters.ts';
import { CardsSkeleton } from './cards-skeleton.tsx';
import type { TeacherCard as TeacherCardData } from '@app/contract/teachers';
import { TeacherCard } from './teacher-card.tsx';
import { TeacherFilters } from './teacher-filters.tsx';
import './teachers.css';

/**
 * Teacher discovery (issue #4): filters and sort kept in the URL, cards, paging, and the loading,
 * empty and error states of DESIGN.md §8.
 */
export function TeacherDiscovery() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromParams(search);
  const list = useTeacherList(discoveryListParams(filters, loggedIn));
  // The cards are the page's heaviest render. A reply arriving is a synchronous update (the query
  // cache is an external store), so the cards follow it at transition priority instead: React
  // renders them in slices that leave the phone's main thread free between them.
  const records = useDeferredValue(list.data?.records);

  const update = (changes: Partial<Filters>) => {
    // Any filter change goes back to page 1; paging itself passes `page`.
    const next = { ...filters, page: 1, ...changes };
    setSearch(filtersToParams(next, search));
  };
  // A stale or shared link past the last page (?page=999) shows the last page instead.
  useStepBackToLastPage(list.data, filters.page, (page) =>
    setSearch(filtersToParams({ ...filters, page }, search), { replace: true }),
  );
  const clear = () =>
    setSearch(filtersToParams({ ...DEFAULT_FILTERS, sort: filters.sort, order: filters.order }, search));

  return (
    <section className="ls-t-discovery" aria-labelledby="teachers-title">
      <div className="ls-t-heading">
        <h2 id="teachers-title" className="ls-section-title">
          {t('teachers.title')}
        </h2>
        {list.data && (
          <span className="ls-muted ls-small" aria-live="polite" data-testid="teachers-total">
            {t('teachers.resultCount', { count: list.data.total })}
          </span>
        )}
      </div>
      <TeacherFilters filters={filters} loggedIn={loggedIn} onChange={update} onClear={clear} />
      {list.isPending ? (
        <CardsSkeleton />
      ) : list.isError ? (
        <ListError
          testIdPrefix="teachers"
          title={t('teachers.errorTitle')}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.records.length === 0 ? (
        <ListEmpty
          testIdPrefix="teachers"
          description={t(hasNarrowingFilters(filters) ? 'teachers.emptyFiltered' : 'teachers.empty')}
        >
          {hasNarrowingFilters(filters) && (
            <button
              type="button"
              className="ls-btn ls-btn-primary"
              onClick={clear}
              data-testid="teachers-clear-filters"
            >
              {t('teachers.clearFilters')}
            </button>
          )}
        </ListEmpty>
      ) : (
        <>
          {records ? (
            <TeacherGrid records={records} busy={list.isFetching || records !== list.data.records} />
          ) : (
            <CardsSkeleton />
          )}
          <Pager
            current={list.data.current}
            pageSize={list.data.size}
            total={list.data.total}
            hrefOf={(page) => `?${filtersToParams({ ...filters, page }, search).toString()}`}
            onChange={(page) => {
              update({ page });
              document.getElementById('teachers-title')?.scrollIntoView({ block: 'start' });
            }}
            data-testid="teachers-pagination"
          />
        </>
      )}
    </section>
  );
}

const TeacherGrid = memo(function TeacherGrid({
  records,
  busy,
}: {
  records: readonly TeacherCardData[];
  busy: boolean;
}) {
  return (
    <div className="ls-t-grid" data-testid="teacher-list" aria-busy={busy}>
      {records.map((teacher) => (
        <TeacherCard key={teacher.id} teacher={teacher} />
      ))}
    </div>
  );
});
