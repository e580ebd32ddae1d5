import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { CourseItem } from '@app/contract/courses';
import { WeekdayIcon } from '../../../components/weekday-icon.tsx';
import { TimetableClass } from './timetable-class.tsx';
import '../../../locales/courses/index.ts';

/**
 * The desktop week: Monday to Sunday side by side, today marked (outline and the word "Today"), the
 * days gone by drawn quieter (dashed), each day's classes as blocks in start order.
 */
export function TimetableWeek({
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
    <div className="ls-tt-week" data-testid="timetable-week">
      {days.map((day) => {
        const key = day.format('YYYY-MM-DD');
        const isToday = key === today;
        const isPast = key < today;
        const classes = byDay.get(key) ?? [];
        const headingId = `ls-tt-day-${key}`;
        return (
          <section
            key={key}
            className={`ls-tt-day${isToday ? ' is-today' : ''}${isPast ? ' is-past' : ''}`}
            aria-labelledby={headingId}
            data-testid={isToday ? 'timetable-today' : undefined}
          >
            <h2 id={headingId} className="ls-tt-day-head">
              <WeekdayIcon day={day.day()} />
              <span>{day.format('ddd')}</span>
              <span className="ls-muted">{day.format('MM/DD')}</span>
              {isToday && <span className="ls-tt-today">{t('courses.timetable.today')}</span>}
            </h2>
            {classes.length > 0 && (
              <ul className="ls-tt-classes">
                {classes.map((c) => (
                  <li key={c.id}>
                    <TimetableClass course={c} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
