import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TeacherReportItem } from '@app/contract/courses';
import { DateTime } from '../../../components/date-time.tsx';
import { averageScore } from '../lib/course-page.ts';
import { TeacherLine } from './teacher-line.tsx';
import '../../../locales/courses/index.ts';
import '../../../components/enum-tag.css';

/** One report of the list: teacher, the class's time, the average score; unread ones marked "new". */
export function FeedbackRow({ report }: { report: TeacherReportItem }) {
  const { t } = useTranslation();
  const average = averageScore(report.scores);
  return (
    <Link
      to={`/course/feedback/view/${report.course_id}/${report.id}`}
      className={`ls-c-row ls-c-row-grid${report.read ? '' : ' is-unread'}`}
      data-testid="feedback-row"
      data-report-id={report.id}
      data-read={report.read}
    >
      <TeacherLine teacher={report.teacher} />
      <span className="ls-c-row-main">
        <span className="ls-c-row-time">
          <DateTime value={report.course_start} />
        </span>
        {average !== null && (
          <span className="ls-muted ls-small">{t('courses.feedback.average', { score: average })}</span>
        )}
      </span>
      <span className="ls-c-row-tags">
        {!report.read && (
          <span className="ls-enum-tag ls-tone is-blue" data-testid="feedback-unread">
            {t('courses.feedback.unread')}
          </span>
        )}
      </span>
    </Link>
  );
}
