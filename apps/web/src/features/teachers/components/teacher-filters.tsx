import { memo, startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Checkbox, Input, Select } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { NATIONALITIES, TEACHER_LANGUAGES, TEACHER_LEVELS } from '@app/contract/enums';
import { useMediaQuery } from '../../../lib/media/use-media-query.ts';
import { useSettings } from '../../../lib/settings/settings-store.ts';
import {
  hasNarrowingFilters,
  KEYWORD_MAX,
  presetOf,
  presetRange,
  SORT_CHOICES,
  TIME_PRESETS,
  type TeacherFilters as Filters,
  type TimePreset,
} from '../lib/filters.ts';
import { nextDates } from '../lib/schedule.ts';
import { Flag } from './teacher-badges.tsx';

/** Below this width (teachers.css) the filter fields fold into a panel behind one button. */
const FOLDED = '(max-width: 767.98px)';

const HOURS = Array.from({ length: 25 }, (_, h) => `${String(h).padStart(2, '0')}:00`);

type Props = {
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

/** Filters and sort of the discovery list; below 768 px they fold into a panel behind one button. */
export function TeacherFilters({ filters, loggedIn, onChange, onClear }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const folded = useMediaQuery(FOLDED);
  // On a phone the six selects of the folded panel are not part of the page's first render (issue
  // 16: they were a good part of it): they are built in the background once the page is idle, in
  // slices (a transition), or at once if the panel is opened before that.
  const [unfolded, setUnfolded] = useState(false);
  if (open && !unfolded) setUnfolded(true);
  useEffect(() => {
    if (!folded || unfolded) return;
    return whenIdle(() => startTransition(() => setUnfolded(true)));
  }, [folded, unfolded]);
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

  return (
    <section className="ls-t-filters" aria-label={t('teachers.filtersLabel')} role="search">
      <div className="ls-t-filters-top">
        <Input.Search
          className="ls-t-keyword"
          aria-label={t('teachers.keyword')}
          placeholder={t('teachers.keywordPlaceholder')}
          allowClear
          maxLength={KEYWORD_MAX}
          value={draft}
          onChange={(e) => {
            setDraft(e.target.value);
            if (e.target.value === '' && filters.keyword) onChange({ keyword: undefined });
          }}
          onSearch={(value) => onChange({ keyword: value.trim() || undefined })}
          enterButton={t('teachers.search')}
          data-testid="filter-keyword"
        />
        <Select
          className="ls-t-sort"
          aria-label={t('teachers.sort')}
          value={`${filters.sort}:${filters.order}`}
          options={SORT_CHOICES.map((c) => ({ value: c.value, label: t(c.key) }))}
          onChange={(value: string) => {
            const [sort, order] = value.split(':') as [Filters['sort'], Filters['order']];
            onChange({ sort, order });
          }}
          data-testid="filter-sort"
          popupMatchSelectWidth={false}
        />
        <Badge count={active} size="small" className="ls-t-filter-toggle">
          <Button
            icon={<FilterOutlined />}
            aria-expanded={open}
            aria-controls="ls-t-filter-panel"
            onClick={() => setOpen((o) => !o)}
            data-testid="filter-toggle"
          >
            {t('teachers.filters')}
          </Button>
        </Badge>
      </div>
      <div id="ls-t-filter-panel" className={`ls-t-filter-panel${open ? ' is-open' : ''}`}>
        {(!folded || unfolded) && (
          <FilterFields filters={filters} loggedIn={loggedIn} onChange={onChange} onClear={onClear} />
        )}
      </div>
    </section>
  );
}

/**
 * The fields of the filter panel. Memoised: opening or closing the panel on a phone, or typing a
 * keyword, re-renders only the top row, not these six selects (issue 16, INP).
 */
const FilterFields = memo(function FilterFields({ filters, loggedIn, onChange, onClear }: Props) {
  const { t } = useTranslation();
  const language = useSettings((s) => s.language);
  const [custom, setCustom] = useState(false);
  const preset = presetOf(filters.time_from, filters.time_to);
  const timeValue = filters.time_from ? (preset ?? 'custom') : custom ? 'custom' : '';
  return (
    <>
      <Select
        aria-label={t('teachers.nationality')}
        value={filters.nationality ?? ''}
        options={[
          { value: '', label: t('teachers.anyNationality') },
          ...NATIONALITIES.map((n) => ({
            value: n.value,
            title: n.label[language],
            label: (
              <span className="ls-t-nat-option">
                <Flag alpha2={n.flag} /> {n.label[language]}
              </span>
            ),
          })),
        ]}
        onChange={(v: string) => onChange({ nationality: (v || undefined) as Filters['nationality'] })}
        data-testid="filter-nationality"
        popupMatchSelectWidth={false}
      />
      <Select
        aria-label={t('teachers.language')}
        value={filters.language ?? ''}
        options={[
          { value: '', label: t('teachers.anyLanguage') },
          ...TEACHER_LANGUAGES.map((l) => ({ value: l.value, label: l.label[language] })),
        ]}
        onChange={(v: string) => onChange({ language: (v || undefined) as Filters['language'] })}
        data-testid="filter-language"
      />
      <Select
        aria-label={t('teachers.level')}
        value={filters.level ?? 0}
        options={[
          { value: 0, label: t('teachers.anyLevel') },
          ...TEACHER_LEVELS.map((l) => ({ value: l.value, label: l.label[language] })),
        ]}
        onChange={(v: number) => onChange({ level: (v || undefined) as Filters['level'] })}
        data-testid="filter-level"
      />
      <Select
        aria-label={t('teachers.date')}
        value={filters.date ?? ''}
        options={[
          { value: '', label: t('teachers.anyDate') },
          ...nextDates().map((d, i) => ({
            value: d,
            label:
              i === 0
                ? `${t('teachers.today')} ${dayjs(d).format('MM/DD')}`
                : i === 1
                  ? `${t('teachers.tomorrow')} ${dayjs(d).format('MM/DD')}`
                  : dayjs(d).format('ddd MM/DD'),
          })),
        ]}
        onChange={(v: string) => onChange({ date: v || undefined })}
        data-testid="filter-date"
      />
      <Select
        aria-label={t('teachers.timeOfDay')}
        value={timeValue}
        options={[
          { value: '', label: t('teachers.anyTime') },
          ...TIME_PRESETS.map((p) => ({ value: p.value, label: `${t(p.key)} ${p.from}-${p.to}` })),
          { value: 'custom', label: t('teachers.timeCustom') },
        ]}
        onChange={(v: string) => {
          setCustom(v === 'custom');
          if (v === 'custom') return;
          onChange(v ? presetRange(v as TimePreset) : { time_from: undefined, time_to: undefined });
        }}
        data-testid="filter-time"
        popupMatchSelectWidth={false}
      />
      {timeValue === 'custom' && (
        <span className="ls-t-range">
          <Select
            aria-label={t('teachers.timeFrom')}
            value={filters.time_from ?? undefined}
            placeholder={t('teachers.timeFrom')}
            options={HOURS.slice(0, 24).map((h) => ({ value: h, label: h }))}
            onChange={(v: string) =>
              onChange({
                time_from: v,
                time_to: filters.time_to && filters.time_to > v ? filters.time_to : '24:00',
              })
            }
          />
          <span aria-hidden="true">–</span>
          <Select
            aria-label={t('teachers.timeTo')}
            value={filters.time_to ?? undefined}
            placeholder={t('teachers.timeTo')}
            options={HOURS.slice(1).map((h) => ({
              value: h,
              label: h,
              disabled: filters.time_from ? h <= filters.time_from : false,
            }))}
            onChange={(v: string) => onChange({ time_from: filters.time_from ?? '00:00', time_to: v })}
          />
        </span>
      )}
      {loggedIn && (
        <Checkbox
          checked={Boolean(filters.favourites_only)}
          onChange={(e) => onChange({ favourites_only: e.target.checked || undefined })}
          data-testid="filter-favourites"
        >
          {t('teachers.favouritesOnly')}
        </Checkbox>
      )}
      {hasNarrowingFilters(filters) && (
        <Button
          type="link"
          onClick={() => {
            setCustom(false);
            onClear();
          }}
        >
          {t('teachers.clearFilters')}
        </Button>
      )}
    </>
  );
});
