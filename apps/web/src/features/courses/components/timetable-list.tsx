import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { CourseItem } from '@app/contract/courses';
import { WeekdayIcon } from '../../../components/weekday-icon.tsx';
import { TimetableClass } from './timetable-class.tsx';
import '../../../locales/courses/index.ts';

/** The phone week: only the days with classes, one under the other, today marked, days gone by quieter. */
export function TimetableList({
  days,
  byDay,
  today,
}: {
  days: Dayjs[];
  byDay: Map<string, CourseItem[]>;
  today: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="ls-tt-list" data-testid="timetable-list">
      {days
        .filter((day) => byDay.has(day.format('YYYY-MM-DD')))
        .map((day) => {
          const key = day.format('YYYY-MM-DD');
          const isToday = key === today;
          const isPast = key < today;
          const headingId = `ls-tt-list-${key}`;
          return (
            <section
              key={key}
              className={`ls-tt-list-day${isToday ? ' is-today' : ''}${isPast ? ' is-past' : ''}`}
              aria-labelledby={headingId}
            >
              <h2 id={headingId} className="ls-tt-day-head">
                <WeekdayIcon day={day.day()} />
                <span>{day.format('dddd')}</span>
                <span className="ls-muted">{day.format('MM/DD')}</span>
                {isToday && <span className="ls-tt-today">{t('courses.timetable.today')}</span>}
              </h2>
              <ul className="ls-tt-classes">
                {(byDay.get(key) ?? []).map((c) => (
                  <li key={c.id}>
                    <TimetableClass course={c} />
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
    </div>
  );
}
