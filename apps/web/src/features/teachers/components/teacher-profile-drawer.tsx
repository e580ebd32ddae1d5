import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Drawer } from 'antd';
import { CalendarOutlined, StarFilled, VideoCameraOutlined } from '@ant-design/icons';
import { CARD_TYPES } from '@app/contract/enums';
import type { TeacherInfo } from '@app/contract/teachers';
import { isApiError } from '../../../lib/http/api-error.ts';
import { useSettings } from '../../../lib/settings/settings-store.ts';
import { formatInZone, studentTimeZone } from '../../../lib/time/zoned-time.ts';
import { ListEmpty, ListError, ListNotFound, ListSkeleton } from '../../../components/list-states.tsx';
import { CoinIcon } from '../../../components/money.tsx';
import { useTeacherInfo } from '../api/get-teacher-info.ts';
import { useTeacherReviews } from '../api/get-teacher-reviews.ts';
import { TAG_LABELS } from '../lib/tag-labels.ts';
import { LikeButton } from './like-button.tsx';
import { RadarChart } from './radar-chart.tsx';
import { bookingPath } from './slot-cell.tsx';
import { SlotGrid } from './slot-grid.tsx';
import { LanguageChips, LevelBadge, NationalityBadge, Price, TeacherTags } from './teacher-badges.tsx';
import './teachers.css';

type Props = { teacherId: number; open: boolean; onClose: () => void };

export default function TeacherProfileDrawer({ teacherId, open, onClose }: Props) {
  const { t } = useTranslation();
  // 0 stands for a malformed `?teacher=`: not found without a call.
  const info = useTeacherInfo(teacherId);
  const title = t('teachers.profile');
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={title}
      placement="right"
      size={720}
      className="ls-t-drawer"
      rootClassName="ls-t-drawer-root"
      closable={{ 'aria-label': t('teachers.closeProfile') }}
    >
      <div data-testid="teacher-drawer-body">
        {teacherId === 0 || (info.isError && isApiError(info.error) && info.error.code === 404) ? (
          <ListNotFound
            title={t('teachers.notFoundTitle')}
            body={t('teachers.notFoundBody')}
            testIdPrefix="teacher"
          >
            <button type="button" className="ls-btn" onClick={onClose}>
              {t('teachers.closeProfile')}
            </button>
          </ListNotFound>
        ) : info.isPending ? (
          <ListSkeleton
            count={1}
            className=""
            itemClassName=""
            avatar={{ size: 88 }}
            rows={8}
            testIdPrefix="teacher"
          />
        ) : info.isError ? (
          <ListError
            testIdPrefix="teachers"
            title={t('teachers.profileError')}
            onRetry={() => void info.refetch()}
          />
        ) : (
          <Profile teacher={info.data} />
        )}
      </div>
    </Drawer>
  );
}

function Profile({ teacher }: { teacher: TeacherInfo }) {
  const { t } = useTranslation();
  const language = useSettings((s) => s.language);
  return (
    <div className="ls-t-profile" data-testid="teacher-profile" data-teacher-id={teacher.id}>
      <header className="ls-t-profile-head">
        <img className="ls-t-avatar is-large" src={teacher.avatar} alt="" width={88} height={88} />
        <div className="ls-t-card-id">
          <h2 className="ls-t-name">{teacher.name}</h2>
          <div className="ls-t-row">
            <NationalityBadge value={teacher.nationality} />
            <LevelBadge level={teacher.level} />
          </div>
          <LanguageChips values={teacher.languages} />
        </div>
        <LikeButton teacherId={teacher.id} name={teacher.name} fallback={teacher.liked} />
      </header>

      <dl className="ls-t-facts">
        <div>
          <dt>{t('teachers.price')}</dt>
          <dd>
            <Price coins={teacher.price_coins} />
          </dd>
        </div>
        <div>
          <dt>{t('teachers.ratingLabel')}</dt>
          <dd className="ls-t-rating">
            <StarFilled aria-hidden="true" /> <strong>{teacher.rating.toFixed(2)}</strong>
            <span className="ls-muted ls-small">
              {' '}
              {t('teachers.reviewsCount', { count: teacher.review_count })}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('teachers.lessonsLabel')}</dt>
          <dd>
            <strong>{teacher.lesson_count}</strong>
          </dd>
        </div>
        <div>
          <dt>{t('teachers.acceptedCards')}</dt>
          <dd className="ls-t-chips">
            <span className="ls-t-chip is-coin">
              <CoinIcon size={12} /> {t('teachers.studyCoins')}
            </span>
            {teacher.accepted_card_types.map((c) => (
              <span key={c} className="ls-t-chip is-card">
                {CARD_TYPES.find((x) => x.value === c)?.label[language] ?? c}
              </span>
            ))}
          </dd>
        </div>
      </dl>
      {teacher.refuses_frequent_cancellers && (
        <p className="ls-t-note ls-small">{t('teachers.refusesCancellers')}</p>
      )}

      <div className="ls-t-book-row">
        <Link to={bookingPath(teacher.id)} className="ls-link-btn" data-testid="teacher-book">
          <CalendarOutlined aria-hidden="true" /> {t('teachers.book')}
        </Link>
      </div>

      <section aria-labelledby="ls-t-intro">
        <h3 id="ls-t-intro">{t('teachers.intro')}</h3>
        <p className="ls-t-intro" data-testid="teacher-intro">
          {teacher.intro[language]}
        </p>
        <TeacherTags values={teacher.tags} />
      </section>

      <section aria-labelledby="ls-t-video">
        <h3 id="ls-t-video">{t('teachers.video')}</h3>
        {teacher.intro_video ? (
          <video
            className="ls-t-video"
            src={teacher.intro_video}
            controls
            playsInline
            preload="metadata"
            aria-labelledby="ls-t-video"
            data-testid="teacher-video"
          />
        ) : (
          <div className="ls-t-novideo" data-testid="teacher-no-video">
            <VideoCameraOutlined aria-hidden="true" />
            <span>{t('teachers.noVideo')}</span>
          </div>
        )}
      </section>

      <section aria-labelledby="ls-t-radar">
        <h3 id="ls-t-radar">{t('teachers.radarTitle')}</h3>
        <RadarChart radar={teacher.radar} />
      </section>

      <section aria-labelledby="ls-t-schedule">
        <h3 id="ls-t-schedule">{t('teachers.schedule')}</h3>
        <p className="ls-muted ls-small">{t('teachers.scheduleHint')}</p>
        <SlotGrid teacherId={teacher.id} />
      </section>

      <section aria-labelledby="ls-t-reviews">
        <h3 id="ls-t-reviews">{t('teachers.reviews')}</h3>
        <Reviews teacherId={teacher.id} />
      </section>
    </div>
  );
}

function Reviews({ teacherId }: { teacherId: number }) {
  const { t } = useTranslation();
  const language = useSettings((s) => s.language);
  const reviews = useTeacherReviews(teacherId);
  if (reviews.isPending)
    return <ListSkeleton count={1} className="" itemClassName="" rows={3} testIdPrefix="reviews" />;
  if (reviews.isError)
    return (
      <ListError
        testIdPrefix="teachers"
        title={t('teachers.errorTitle')}
        onRetry={() => void reviews.refetch()}
      />
    );
  const records = reviews.data.pages.flatMap((p) => p.records);
  if (records.length === 0)
    return <ListEmpty testIdPrefix="teachers" description={t('teachers.noReviews')} />;
  return (
    <>
      <ul className="ls-t-reviews" data-testid="teacher-reviews">
        {records.map((r) => (
          <li key={r.id} className="ls-t-review" data-testid="teacher-review">
            <div className="ls-t-row">
              <strong>{r.student_nick}</strong>
              <span className="ls-t-stars" role="img" aria-label={t('teachers.stars', { count: r.rating })}>
                {'★'.repeat(r.rating)}
                <span className="ls-t-stars-off">{'★'.repeat(Math.max(0, 5 - r.rating))}</span>
              </span>
              <time className="ls-muted ls-small" dateTime={r.created_at}>
                {formatInZone(r.created_at, language, studentTimeZone(), 'date')}
              </time>
            </div>
            {r.content && <p>{r.content}</p>}
            {r.tags.length > 0 && (
              <span className="ls-t-chips">
                {r.tags.map((tag) => (
                  <span key={tag} className="ls-t-chip">
                    {TAG_LABELS.review.get(tag)?.label[language] ?? tag}
                  </span>
                ))}
              </span>
            )}
          </li>
        ))}
      </ul>
      {reviews.hasNextPage && (
        <button
          type="button"
          className="ls-btn ls-btn-block"
          onClick={() => void reviews.fetchNextPage()}
          disabled={reviews.isFetchingNextPage}
          aria-busy={reviews.isFetchingNextPage}
          data-testid="reviews-more"
        >
          {t('teachers.loadMore')}
        </button>
      )}
    </>
  );
}
