import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Select } from 'antd';
import dayjs from 'dayjs';
import { NATIONALITIES, TEACHER_LANGUAGES, TEACHER_LEVELS } from '@app/contract/enums';
import { useSettings } from '../../../lib/settings/settings-store.ts';
import {
  hasNarrowingFilters,
  presetOf,
  presetRange,
  TIME_PRESETS,
  type TeacherFilters as Filters,
  type TimePreset,
} from '../lib/filters.ts';
import { nextDates } from '../lib/schedule.ts';
import { Flag } from './teacher-badges.tsx';
import type { FilterFieldsProps as Props } from './teacher-filters.tsx';

const HOURS = Array.from({ length: 25 }, (_, h) => `${String(h).padStart(2, '0')}:00`);

/**
 * The fields of the filter panel, loaded after the first screen (they are antd selects; issue 16).
 * Memoised: opening or closing the panel on a phone, or typing a
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

export default FilterFields;
