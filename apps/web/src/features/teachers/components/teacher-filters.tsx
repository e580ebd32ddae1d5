import { startTransition, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseCircleFilled, FilterOutlined, SearchOutlined } from '@ant-design/icons';
import { lazyWithAntd, loadAntdScope } from '../../../lib/antd/lazy-with-antd.tsx';
import { useMediaQuery } from '../../../lib/media/use-media-query.ts';
import { KEYWORD_MAX, SORT_CHOICES, type TeacherFilters as Filters } from '../lib/filters.ts';

/** Below this width (teachers.css) the filter fields fold into a panel behind one button. */
const FOLDED = '(max-width: 767.98px)';

// The panel's selects are antd's, with flags and a custom time range: they load after the first
// screen, whose search box, sort and filter button are plain controls (issue 16).
const loadFilterFields = () => import('./teacher-filter-fields.tsx');
const FilterFields = lazyWithAntd(loadFilterFields);

export type FilterFieldsProps = {
  filters: Filters;
  loggedIn: boolean;
  onChange: (changes: Partial<Filters>) => void;
  onClear: () => void;
};

/** Runs `work` when the browser is idle (a short timer where it cannot say, as in Safari); returns a cancel. */
function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work, { timeout: 2_000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(work, 300);
  return () => window.clearTimeout(id);
}

/** Filters and sort of the discovery list; below 768 px the fields fold into a panel behind one button. */
export function TeacherFilters({ filters, loggedIn, onChange, onClear }: FilterFieldsProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const folded = useMediaQuery(FOLDED);
  // The panel's fields are not part of the page's first render. On a wider screen, where they show,
  // placeholders of their size stand in until the page is idle; then they load and are built in
  // slices (a transition). Folded on a phone they load when the student reaches for the filter
  // button (and are built when the panel opens), so a phone that only browses never loads antd.
  const [unfolded, setUnfolded] = useState(false);
  if (open && !unfolded) setUnfolded(true);
  useEffect(() => {
    if (folded || unfolded) return;
    return whenIdle(() => startTransition(() => setUnfolded(true)));
  }, [folded, unfolded]);
  const prefetchFields = () => {
    void loadFilterFields();
    void loadAntdScope();
  };
  const [draft, setDraft] = useState(filters.keyword ?? '');
  const [prevKeyword, setPrevKeyword] = useState(filters.keyword);
  if (prevKeyword !== filters.keyword) {
    // The URL changed underneath (clear filters, back button): follow it.
    setPrevKeyword(filters.keyword);
    setDraft(filters.keyword ?? '');
  }
  const active = [
    filters.nationality,
    filters.language,
    filters.level,
    filters.keyword,
    filters.date,
    filters.time_from,
    filters.favourites_only,
  ].filter(Boolean).length;
  const placeholders = <FieldPlaceholders count={5} />;

  return (
    <section className="ls-t-filters" aria-label={t('teachers.filtersLabel')} role="search">
      <div className="ls-t-filters-top">
        <form
          className="ls-t-keyword"
          data-testid="filter-keyword"
          onSubmit={(event) => {
            event.preventDefault();
            onChange({ keyword: draft.trim() || undefined });
          }}
        >
          <span className="ls-t-keyword-box">
            <SearchOutlined className="ls-t-keyword-icon" aria-hidden="true" />
            <input
              type="search"
              enterKeyHint="search"
              aria-label={t('teachers.keyword')}
              placeholder={t('teachers.keywordPlaceholder')}
              maxLength={KEYWORD_MAX}
              value={draft}
              onChange={(e) => {
                setDraft(e.target.value);
                if (e.target.value === '' && filters.keyword) onChange({ keyword: undefined });
              }}
            />
            {draft && (
              <button
                type="button"
                className="ls-t-keyword-clear"
                aria-label={t('teachers.keywordClear')}
                onClick={() => {
                  setDraft('');
                  if (filters.keyword) onChange({ keyword: undefined });
                }}
              >
                <CloseCircleFilled aria-hidden="true" />
              </button>
            )}
          </span>
          <button type="submit" className="ls-btn ls-btn-primary ls-t-keyword-go">
            {t('teachers.search')}
          </button>
        </form>
        <select
          className="ls-select ls-t-sort"
          aria-label={t('teachers.sort')}
          value={`${filters.sort}:${filters.order}`}
          onChange={(e) => {
            const [sort, order] = e.target.value.split(':') as [Filters['sort'], Filters['order']];
            onChange({ sort, order });
          }}
          data-testid="filter-sort"
        >
          {SORT_CHOICES.map((c) => (
            <option key={c.value} value={c.value}>
              {t(c.key)}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="ls-btn ls-t-filter-toggle"
          aria-expanded={open}
          aria-controls="ls-t-filter-panel"
          onClick={() => setOpen((o) => !o)}
          onPointerDown={prefetchFields}
          onPointerEnter={prefetchFields}
          onFocus={prefetchFields}
          data-testid="filter-toggle"
        >
          <FilterOutlined aria-hidden="true" />
          {t('teachers.filters')}
          {active > 0 && (
            <span className="ls-count" data-testid="filter-count">
              <span className="ls-sr-only">(</span>
              {active}
              <span className="ls-sr-only">)</span>
            </span>
          )}
        </button>
      </div>
      <div id="ls-t-filter-panel" className={`ls-t-filter-panel${open ? ' is-open' : ''}`}>
        {unfolded ? (
          <Suspense fallback={placeholders}>
            <FilterFields filters={filters} loggedIn={loggedIn} onChange={onChange} onClear={onClear} />
          </Suspense>
        ) : (
          !folded && placeholders
        )}
      </div>
    </section>
  );
}

/** Boxes of the fields' size while they load, so the list below does not move when they arrive. */
function FieldPlaceholders({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <span key={i} className="ls-t-field-placeholder" aria-hidden="true" />
      ))}
    </>
  );
}
