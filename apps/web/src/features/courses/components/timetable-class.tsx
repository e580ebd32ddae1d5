import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { COURSE_STATUSES } from '@app/contract/enums';
import type { CourseItem } from '@app/contract/courses';
import { useSettings } from '../../../lib/settings/settings-store.ts';
import { formatInZone, studentTimeZone, zonedTimes } from '../../../lib/time/zoned-time.ts';
import { courseOutcome, OUTCOME_TONES } from '../lib/course-page.ts';
import '../../../locales/courses/index.ts';

const STATUS_TONES: Record<number, string> = { 100: 'is-blue', 200: 'is-green', '-100': 'is-volcano' };

/**
 * One class of the timetable: its time (Beijing time under it when the clocks differ), the teacher
 * and a status label; the whole block links to the class page.
 */
export function TimetableClass({ course }: { course: CourseItem }) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.language);
  const zone = studentTimeZone();
  const start = formatInZone(course.start, lang, zone, 'time');
  const end = formatInZone(course.end, lang, zone, 'time');
  const beijing = zonedTimes(course.start, lang, 'time', zone).beijing;
  const outcome = courseOutcome(course);
  const status = [
    COURSE_STATUSES.find((s) => s.value === course.status)?.label[lang] ?? String(course.status),
    ...(outcome ? [t(`courses.list.outcome.${outcome}`)] : []),
  ].join(' · ');
  return (
    <Link
      to={`/course/view/${course.id}`}
      className={`ls-tt-class is-status-${course.status}`}
      data-testid="timetable-class"
      data-course-id={course.id}
      aria-label={t('courses.timetable.openClass', {
        time: `${start}–${end}`,
        teacher: course.teacher.name,
        status,
      })}
    >
      <span className="ls-tt-time">
        {start}–{end}
      </span>
      {beijing && <span className="ls-tt-beijing ls-small">{t('time.beijing', { time: beijing })}</span>}
      <span className="ls-tt-teacher">
        <img src={course.teacher.avatar} alt="" width={20} height={20} />
        <span>{course.teacher.name}</span>
      </span>
      <span
        className={`ls-tt-status ls-tone ${outcome ? OUTCOME_TONES[outcome] : (STATUS_TONES[course.status] ?? '')}`}
        data-testid="timetable-status"
        {...(outcome ? { 'data-outcome': outcome } : {})}
      >
        {status}
      </span>
    </Link>
  );
}
