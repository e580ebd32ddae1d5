import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ClockCircleOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { BOOKING_MAX_AHEAD_DAYS } from '@app/contract/booking';
import { useTimetable } from '../api/get-timetable.ts';
import { countdownParts, nextClassOf } from '../lib/timetable.ts';
import '../../../locales/courses/index.ts';

/** How often the countdown re-reads the clock: it shows whole minutes. */
const TICK_MS = 15_000;

/**
 * "Next class in 2 h 13 min" or "In class now" (a class reminder, issue 13), whatever week the
 * timetable shows: it reads today and the bookable days ahead, so the next class is always in it.
 */
export function TimetableCountdown() {
  const { t } = useTranslation();
  const [range] = useState(() => {
    const today = dayjs().startOf('day');
    return { from: today.toISOString(), to: today.add(BOOKING_MAX_AHEAD_DAYS + 1, 'day').toISOString() };
  });
  const ahead = useTimetable(range);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  if (!ahead.data) return null;
  const next = nextClassOf(ahead.data.records, now);
  let text: string;
  if (!next) text = t('courses.timetable.noUpcoming');
  else if (next.kind === 'now') text = t('courses.timetable.inClassNow');
  else {
    const p = countdownParts(next.inMs);
    const time =
      p.unit === 'lessThanMinute'
        ? t('courses.timetable.lessThanMinute')
        : t(`courses.timetable.${p.unit}`, p);
    text = t('courses.timetable.nextIn', { time });
  }
  return (
    <p
      className={`ls-tt-countdown${next?.kind === 'now' ? ' is-now' : ''}`}
      data-testid="timetable-countdown"
    >
      <ClockCircleOutlined aria-hidden="true" />
      {next ? <Link to={`/course/view/${next.course.id}`}>{text}</Link> : <span>{text}</span>}
    </p>
  );
}
