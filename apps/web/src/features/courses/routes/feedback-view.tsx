import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Progress } from 'antd';
import { REPORT_SKILLS, type TeacherReport } from '@app/contract/courses';
import { DateTime } from '../../../components/date-time.tsx';
import { useSettings } from '../../../lib/settings/settings-store.ts';
import { useFeedbackInfo } from '../api/get-feedback-info.ts';
import { CourseRecordPage } from '../components/course-record-page.tsx';
import { TeacherLine } from '../components/teacher-line.tsx';
import '../components/courses.css';
import { useFormatTime } from '../hooks/use-format-time.ts';
import { averageScore, routeId } from '../lib/course-page.ts';
import '../../../locales/courses/index.ts';

/** The skills in the contract's order, then any the teacher scored that the app does not know yet. */
function scoreRows(scores: Record<string, number>, lang: 'zh-Hans' | 'en') {
  const known = REPORT_SKILLS.filter((s) => s.value in scores).map((s) => ({
    key: s.value,
    label: s.label[lang],
    score: scores[s.value] ?? 0,
  }));
  const extra = Object.keys(scores)
    .filter((key) => !REPORT_SKILLS.some((s) => s.value === key))
    .map((key) => ({ key, label: key, score: scores[key] ?? 0 }));
  return [...known, ...extra];
}

function Report({ report }: { report: TeacherReport }) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.language);
  const format = useFormatTime();
  const average = averageScore(report.scores);
  return (
    <>
      <section className="ls-c-card ls-c-summary" data-testid="report-summary">
        <div className="ls-c-summary-head">
          <TeacherLine teacher={report.teacher} size={56} />
          <Link to={`/course/view/${report.course_id}`} className="ls-c-link" data-testid="report-class-link">
            {t('courses.feedback.viewClass')}
          </Link>
        </div>
        <p>
          <span className="ls-muted">{t('courses.view.time')}</span> <DateTime value={report.course_start} />
        </p>
        <p className="ls-muted ls-small">
          {t('courses.feedback.writtenAt', { date: format(report.created_at) })}
        </p>
      </section>
      <section className="ls-c-card" aria-labelledby="report-scores-title" data-testid="report-scores">
        <h2 id="report-scores-title">
          {t('courses.feedback.scores')}
          {average !== null && (
            <span className="ls-muted ls-small"> · {t('courses.feedback.average', { score: average })}</span>
          )}
        </h2>
        <ul className="ls-c-scores">
          {scoreRows(report.scores, lang).map((row) => (
            <li key={row.key} data-skill={row.key}>
              <span className="ls-c-score-label">{row.label}</span>
              <Progress
                percent={(row.score / 5) * 100}
                steps={5}
                showInfo={false}
                aria-label={`${row.label} ${row.score} / 5`}
              />
              <span className="ls-c-score-value">{row.score} / 5</span>
            </li>
          ))}
        </ul>
      </section>
      <section className="ls-c-card" aria-labelledby="report-comment-title">
        <h2 id="report-comment-title">{t('courses.feedback.comment')}</h2>
        <p className="ls-c-text" data-testid="report-comment">
          {report.comment}
        </p>
      </section>
      <section className="ls-c-card" aria-labelledby="report-homework-title">
        <h2 id="report-homework-title">{t('courses.feedback.homework')}</h2>
        <p className="ls-c-text" data-testid="report-homework">
          {report.homework || t('courses.feedback.noHomework')}
        </p>
      </section>
    </>
  );
}

/** /course/feedback/view/{ec_id}/{id}: one report: scores per skill, comment, homework. */
export default function CourseFeedbackViewRoute() {
  const { t } = useTranslation();
  const params = useParams();
  const ecId = routeId(params.ec_id);
  const id = routeId(params.id);
  return (
    <CourseRecordPage
      title={t('titles.courseFeedbackView')}
      query={useFeedbackInfo(ecId, id)}
      badId={ecId === 0 || id === 0}
      testIdPrefix="report"
      notFoundText={t('courses.feedback.notFound')}
      back={{ to: '/course/feedback', label: t('courses.feedback.backToList') }}
      skeletonRows={5}
      errorTitle={t('courses.feedback.errorTitle')}
    >
      {(report) => <Report report={report} />}
    </CourseRecordPage>
  );
}
