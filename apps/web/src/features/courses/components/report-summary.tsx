import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CourseInfo } from '@app/contract/courses';
import { averageScore } from '../lib/course-page.ts';
import '../../../locales/courses/index.ts';

/** The teacher's report of a class: its average and a link to it, or that it has not come yet. */
export function ReportSummary({ course }: { course: CourseInfo }) {
  const { t } = useTranslation();
  const { report } = course;
  if (!report && !(course.status === 300 && course.attended !== false)) return null;
  const average = report ? averageScore(report.scores) : null;
  return (
    <section className="ls-c-card" aria-labelledby="course-report-title" data-testid="course-report">
      <h2 id="course-report-title">{t('courses.view.report')}</h2>
      {report ? (
        <div className="ls-c-report-line">
          {average !== null && <span>{t('courses.view.reportAverage', { score: average })}</span>}
          <Link
            to={`/course/feedback/view/${report.course_id}/${report.id}`}
            className="ls-link-btn ls-link-btn-ghost"
            data-testid="course-report-link"
          >
            {t('courses.view.reportOpen')}
          </Link>
        </div>
      ) : (
        <p className="ls-muted">{t('courses.view.reportPending')}</p>
      )}
    </section>
  );
}
