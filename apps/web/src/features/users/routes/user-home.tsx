import { RightOutlined, UserOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { COURSE_STATUSES } from '@app/contract/enums';
import type { UserHome } from '@app/contract/users';
import { DateTime } from '../../../components/date-time.tsx';
import { EnumTag } from '../../../components/enum-tag.tsx';
import { ListError, ListSkeleton } from '../../../components/list-states.tsx';
import { Coins } from '../../../components/money.tsx';
import { useUserHome } from '../api/get-user-home.ts';
import '../components/users.css';

function Tile({
  title,
  to,
  more,
  children,
  testId,
}: {
  title: string;
  to: string;
  more: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <section className="ls-u-tile" data-testid={testId} aria-labelledby={`${testId}-title`}>
      <div className="ls-u-tile-head">
        <h2 id={`${testId}-title`}>{title}</h2>
        <Link to={to} className="ls-u-more">
          {more}
          <RightOutlined aria-hidden="true" />
        </Link>
      </div>
      {children}
    </section>
  );
}

/** The student's picture, or a person glyph (the header's avatar style). */
function HomeAvatar({ src }: { src: string }) {
  return src ? (
    <img className="ls-user-avatar ls-u-hello-avatar" src={src} alt="" width={56} height={56} />
  ) : (
    <span className="ls-user-avatar ls-u-hello-avatar" aria-hidden="true">
      <UserOutlined />
    </span>
  );
}

/**
 * The classes over that the student did not attend, counted apart from "finished" (已上, issue 33
 * §3): cancelled, missed, called off; only those that happened.
 */
function ClassesApart({ counts }: { counts: UserHome['counts'] }) {
  const { t } = useTranslation();
  const parts = [
    { key: 'users.cancelledClasses', count: counts.cancelled_classes },
    { key: 'users.missedClasses', count: counts.missed_classes },
    { key: 'users.calledOffClasses', count: counts.called_off_classes },
  ] as const;
  const happened = parts.filter((part) => part.count > 0);
  if (happened.length === 0) return null;
  return (
    <div className="ls-muted ls-small" data-testid="home-classes-apart">
      {happened.map((part) => t(part.key, { count: part.count })).join(' · ')}
    </div>
  );
}

function Overview({ data }: { data: UserHome }) {
  const { t } = useTranslation();
  const { user, cards, next_classes: next, reports, counts } = data;
  return (
    <>
      <div className="ls-u-hello" data-testid="user-home-profile">
        <HomeAvatar src={user.student_pic} />
        <div>
          <div className="ls-u-hello-name">{user.student_nick || t('users.noNick')}</div>
          <Link to="/user/info" className="ls-small">
            {t('users.editProfile')}
          </Link>
        </div>
      </div>

      <div className="ls-u-tiles">
        <Tile title={t('users.coins')} to="/user/coins" more={t('users.details')} testId="home-coins">
          <p className="ls-u-figure">
            <Coins value={data.coins} />
          </p>
          <Link to="/user/recharge" className="ls-small">
            {t('users.recharge')}
          </Link>
        </Tile>

        <Tile title={t('users.cards')} to="/user/cards" more={t('users.details')} testId="home-cards">
          <p className="ls-u-figure">{t('users.cardsUsable', { count: cards.usable })}</p>
          <p className="ls-muted ls-small">
            {t('users.lessonsLeft', { count: cards.lessons_left })}
            {cards.nearest_expiry && (
              <>
                {' · '}
                {t('users.nearestExpiry')} <DateTime value={cards.nearest_expiry} style="date" />
              </>
            )}
          </p>
        </Tile>

        <Tile title={t('users.counts')} to="/course/list" more={t('users.details')} testId="home-counts">
          <ul className="ls-u-counts ls-touch-links">
            <li>
              <Link to="/course/list">
                <strong>{counts.upcoming_classes}</strong> {t('users.upcoming')}
              </Link>
            </li>
            <li>
              <Link to="/course/endCourse" data-testid="home-attended">
                <strong>{counts.attended_classes}</strong> {t('users.finished')}
              </Link>
              <ClassesApart counts={counts} />
            </li>
            <li>
              <Link to="/user/like-teachers">
                <strong>{counts.favourite_teachers}</strong> {t('users.favourites')}
              </Link>
            </li>
          </ul>
          <Link to="/user/progress" className="ls-small" data-testid="home-progress">
            {t('titles.userProgress')}
          </Link>
        </Tile>
      </div>

      <div className="ls-u-tiles ls-u-tiles-2">
        <Tile
          title={t('users.nextClasses')}
          to="/course/index"
          more={t('users.timetable')}
          testId="home-next"
        >
          {next.length === 0 ? (
            <p className="ls-muted">
              {t('users.noNextClasses')} <Link to="/#teachers-title">{t('users.findTeacher')}</Link>
            </p>
          ) : (
            <ul className="ls-u-rows">
              {next.map((course) => (
                <li key={course.id}>
                  <Link to={`/course/view/${course.id}`}>
                    <span className="ls-u-row-main">
                      <strong>{course.teacher.name}</strong>
                      <EnumTag items={COURSE_STATUSES} value={course.status} />
                    </span>
                    <span className="ls-small ls-muted">
                      <DateTime value={course.start} /> · {t('users.minutes', { count: course.minutes })}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Tile>

        <Tile
          title={t('users.reports', { count: reports.unread })}
          to="/course/feedback"
          more={t('users.allReports')}
          testId="home-reports"
        >
          {reports.latest.length === 0 ? (
            <p className="ls-muted">{t('users.noReports')}</p>
          ) : (
            <ul className="ls-u-rows">
              {reports.latest.map((report) => (
                <li key={report.id}>
                  <Link to={`/course/feedback/view/${report.course_id}/${report.id}`}>
                    <span className="ls-u-row-main">
                      <strong>{report.teacher.name}</strong>
                      {!report.read && (
                        <span className="ls-enum-tag ls-tone is-blue">{t('users.unread')}</span>
                      )}
                    </span>
                    <span className="ls-small ls-muted">
                      <DateTime value={report.course_start} />
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Tile>
      </div>
    </>
  );
}

/**
 * /user/home: the account overview (GET /user/getUserHome), each part linking to its page. Plain
 * markup, no antd (issue 18).
 */
export default function UserHomeRoute() {
  const { t } = useTranslation();
  const home = useUserHome();
  return (
    <div className="ls-u-home" data-testid="user-home">
      <h1>{t('titles.userHome')}</h1>
      {home.isPending ? (
        <ListSkeleton
          count={1}
          avatar={{ size: 56 }}
          rows={6}
          label={t('users.homeLoading')}
          testIdPrefix="user-home"
        />
      ) : home.isError ? (
        <ListError testIdPrefix="user-home" onRetry={() => void home.refetch()} />
      ) : (
        <Overview data={home.data} />
      )}
    </div>
  );
}
