import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { ListEmpty, ListError, ListSkeleton } from '../../../components/list-states.tsx';
import { useMediaQuery } from '../../../lib/media/use-media-query.ts';
import { useTimetable } from '../api/get-timetable.ts';
import { CourseNav } from '../components/course-nav.tsx';
import { TimetableCountdown } from '../components/timetable-countdown.tsx';
import { TimetableList } from '../components/timetable-list.tsx';
import { TimetableWeek } from '../components/timetable-week.tsx';
import { byLocalDay, weekDaysOf, weekRangeOf } from '../lib/timetable.ts';
import '../components/timetable.css';
import '../../../locales/courses/index.ts';

/** Where the seven-column week replaces the list of days: antd's `md` breakpoint. */
const WIDE = '(min-width: 768px)';

/**
 * /course/index: the student's week, Monday to Sunday, in their time zone: a seven-column week on
 * wide screens, the days with classes as a list on phones; week navigation, today marked, and a
 * countdown to the next class. Cancelled classes are not listed (the server leaves them out).
 * Plain markup, no antd (issue 18: a page students open every day, on their phones).
 */
export default function TimetableRoute() {
  const { t } = useTranslation();
  const [offset, setOffset] = useState(0);
  // Fixed when the page mounts, so the query key stays the same between renders.
  const [now] = useState(() => dayjs());
  const days = weekDaysOf(offset, now);
  const range = weekRangeOf(offset, now);
  const timetable = useTimetable(range);
  const wide = useMediaQuery(WIDE);
  const today = dayjs().format('YYYY-MM-DD');
  // A week before this one: its classes are history, and an empty one suggests no booking.
  const past = offset < 0;
  const byDay = byLocalDay(timetable.data?.records ?? []);

  return (
    <div className="ls-tt-page">
      <div className="ls-tt-head">
        <h1>{t('titles.courseTimetable')}</h1>
        <TimetableCountdown />
      </div>
      <CourseNav />
      <div className="ls-tt-nav">
        <button
          type="button"
          className="ls-btn ls-btn-square"
          aria-label={t('courses.timetable.prevWeek')}
          onClick={() => setOffset((o) => o - 1)}
          data-testid="timetable-prev"
        >
          <LeftOutlined aria-hidden="true" />
        </button>
        <span className="ls-tt-range" aria-live="polite" data-testid="timetable-range">
          {t('courses.timetable.weekOf', { from: days[0]!.format('MM/DD'), to: days[6]!.format('MM/DD') })}
          {past && (
            <span className="ls-tt-past" data-testid="timetable-past">
              {t('courses.timetable.pastWeek')}
            </span>
          )}
        </span>
        <button
          type="button"
          className="ls-btn ls-btn-square"
          aria-label={t('courses.timetable.nextWeek')}
          onClick={() => setOffset((o) => o + 1)}
          data-testid="timetable-next"
        >
          <RightOutlined aria-hidden="true" />
        </button>
        {offset !== 0 && (
          <button
            type="button"
            className="ls-btn"
            onClick={() => setOffset(0)}
            data-testid="timetable-this-week"
          >
            {t('courses.timetable.thisWeek')}
          </button>
        )}
      </div>
      {timetable.isPending ? (
        <ListSkeleton count={1} rows={5} label={t('courses.timetable.loading')} testIdPrefix="timetable" />
      ) : timetable.isError ? (
        <ListError
          testIdPrefix="timetable"
          title={t('courses.timetable.error')}
          onRetry={() => void timetable.refetch()}
        />
      ) : (
        <div aria-busy={timetable.isFetching}>
          {wide ? (
            <TimetableWeek days={days} byDay={byDay} today={today} />
          ) : (
            byDay.size > 0 && <TimetableList days={days} byDay={byDay} today={today} />
          )}
          {byDay.size === 0 &&
            (past ? (
              <ListEmpty testIdPrefix="timetable" description={t('courses.timetable.pastEmpty')} />
            ) : (
              <ListEmpty testIdPrefix="timetable" description={t('courses.timetable.empty')}>
                <p className="ls-muted ls-small">{t('courses.timetable.emptyHint')}</p>
                <Link to="/#teachers-title" className="ls-link-btn">
                  {t('courses.timetable.findTeacher')}
                </Link>
              </ListEmpty>
            ))}
        </div>
      )}
    </div>
  );
}
