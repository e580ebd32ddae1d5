import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ClockCircleOutlined, StarFilled } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { TeacherCard as TeacherCardData } from '@app/contract/teachers';
import { withTeacher } from '../lib/drawer-param.ts';
import { LikeButton } from './like-button.tsx';
import { LanguageChips, LevelBadge, NationalityBadge, Price, TeacherTags } from './teacher-badges.tsx';

/** When the next free slot is, in the student's zone and language ("周二 11/24 19:30"). */
export function NextFree({ at }: { at: string | null }) {
  const { t } = useTranslation();
  if (!at) return <span className="ls-muted ls-small">{t('teachers.noFreeSlot')}</span>;
  const when = dayjs(at);
  const today = dayjs().startOf('day');
  const days = when.startOf('day').diff(today, 'day');
  const day =
    days === 0 ? t('teachers.today') : days === 1 ? t('teachers.tomorrow') : when.format('ddd MM/DD');
  return (
    <span className="ls-t-next ls-small" data-testid="teacher-next-free">
      <ClockCircleOutlined aria-hidden="true" />{' '}
      {t('teachers.nextFree', { time: `${day} ${when.format('HH:mm')}` })}
    </span>
  );
}

export function TeacherCard({ teacher }: { teacher: TeacherCardData }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  return (
    <article className="ls-t-card" data-testid="teacher-card" data-teacher-id={teacher.id}>
      <div className="ls-t-card-head">
        <img className="ls-t-avatar" src={teacher.avatar} alt="" width={64} height={64} />
        <div className="ls-t-card-id">
          <h3 className="ls-t-name">
            <Link
              to={{ search: withTeacher(search, teacher.id) }}
              className="ls-t-open"
              data-testid="teacher-open"
            >
              {teacher.name}
            </Link>
          </h3>
          <div className="ls-t-row">
            <NationalityBadge value={teacher.nationality} />
            <LevelBadge level={teacher.level} />
          </div>
        </div>
        <div className="ls-t-like-slot">
          <LikeButton teacherId={teacher.id} name={teacher.name} fallback={teacher.liked} />
        </div>
      </div>
      <LanguageChips values={teacher.languages} />
      <div className="ls-t-row ls-t-stats">
        <span className="ls-t-rating">
          <StarFilled aria-hidden="true" /> <strong>{teacher.rating.toFixed(2)}</strong>
          <span className="ls-sr-only">{t('teachers.ratingLabel')}</span>
        </span>
        <span className="ls-muted ls-small">{t('teachers.lessons', { count: teacher.lesson_count })}</span>
        <Price coins={teacher.price_coins} />
      </div>
      <NextFree at={teacher.next_free_at} />
      <TeacherTags values={teacher.tags} max={3} />
    </article>
  );
}
