import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Avatar, Input } from 'antd';
import type { TeacherCard } from '@app/contract/teachers';
import { ListSkeleton } from '../../../components/list-states.tsx';
import { studentTimeZone } from '../../../lib/time/zoned-time.ts';
import { useLikeTeacherList } from '../../../features/teachers/api/get-like-teacher-list.ts';
import { getTeacherListQueryOptions } from '../../../features/teachers/api/get-teacher-list.ts';
import type { TeacherPickerProps } from '../../../features/payments/components/recharge-form.tsx';
import '../../../locales/payments/index.ts';

const FAVOURITES_SHOWN = 20;
const SEARCH_SHOWN = 10;
const KEYWORD_MAX = 50;

/**
 * The teacher of an exclusive-teacher card: the student's favourite teachers, or a search by name
 * through the teachers list. It combines the teachers feature with the payments form, so it lives
 * with the page that composes them.
 */
export function RechargeTeacherPicker({ value, onChange, error }: TeacherPickerProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const favourites = useLikeTeacherList(1, FAVOURITES_SHOWN);
  const searching = keyword.trim() !== '';
  // Only once a name is searched: the favourites show until then.
  const found = useQuery({
    ...getTeacherListQueryOptions({
      current: 1,
      size: SEARCH_SHOWN,
      tz: studentTimeZone(),
      sort: 'rating',
      order: 'desc',
      keyword: keyword.trim(),
    }),
    enabled: searching,
  });

  const choices = (list: TeacherCard[]) => (
    <div className="ls-pay-teachers" role="radiogroup" aria-label={t('payments.teacher')}>
      {list.map((teacher) => {
        const checked = value?.id === teacher.id;
        return (
          <label
            key={teacher.id}
            className={`ls-pay-teacher${checked ? ' is-checked' : ''}`}
            data-testid="teacher-choice"
            data-teacher-id={teacher.id}
          >
            <input
              type="radio"
              name="card-teacher"
              value={teacher.id}
              checked={checked}
              onChange={() => onChange({ id: teacher.id, name: teacher.name })}
            />
            <Avatar src={teacher.avatar} size={28} alt="" />
            <span>{teacher.name}</span>
          </label>
        );
      })}
    </div>
  );

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }} data-testid="teacher-picker">
      {value && (
        <p style={{ margin: 0 }} data-testid="teacher-chosen">
          <strong>{t('payments.chosenTeacher', { name: value.name })}</strong>
        </p>
      )}
      <Input.Search
        allowClear
        maxLength={KEYWORD_MAX}
        placeholder={t('payments.searchPlaceholder')}
        aria-label={t('payments.searchTeacher')}
        onSearch={(v) => setKeyword(v)}
        data-testid="teacher-search"
      />
      {searching ? (
        found.isPending ? (
          <ListSkeleton testIdPrefix="teacher-search" count={1} rows={1} />
        ) : found.isError ? (
          <p role="alert">{t('payments.teachersError')}</p>
        ) : found.data.records.length === 0 ? (
          <p className="ls-muted">{t('payments.noTeacherFound')}</p>
        ) : (
          choices(found.data.records)
        )
      ) : (
        <>
          <h3 className="ls-small ls-muted" style={{ margin: 0, fontWeight: 500 }}>
            {t('payments.favouriteTeachers')}
          </h3>
          {favourites.isPending ? (
            <ListSkeleton testIdPrefix="teacher-favourites" count={1} rows={1} />
          ) : favourites.isError ? (
            <p role="alert">{t('payments.teachersError')}</p>
          ) : favourites.data.records.length === 0 ? (
            <p className="ls-muted">{t('payments.noFavourites')}</p>
          ) : (
            choices(favourites.data.records)
          )}
        </>
      )}
      {error && (
        <p role="alert" className="ls-pay-error" data-testid="teacher-required" style={{ margin: 0 }}>
          {error}
        </p>
      )}
    </div>
  );
}
