import { Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CalendarOutlined, LoginOutlined } from '@ant-design/icons';
import type { CourseInfo } from '@app/contract/courses';
import { CANCEL_REASONS } from '@app/contract/enums';
import { DateTime } from '../../../components/date-time.tsx';
import { lazyWithAntd } from '../../../lib/antd/lazy-with-antd.tsx';
import { useSettings } from '../../../lib/settings/settings-store.ts';
import { useCourseInfo } from '../api/get-course-info.ts';
import { CameBackNote } from '../components/came-back-note.tsx';
import { CourseRecordPage } from '../components/course-record-page.tsx';
import { PayTypeLine } from '../components/course-row.tsx';
import { CourseOutcomeTag, CourseStatusTag } from '../components/course-status-tag.tsx';
import { CoursewareList } from '../components/courseware-list.tsx';
import { PlaybackPanel } from '../components/playback-panel.tsx';
import { ReportSummary } from '../components/report-summary.tsx';
import { ReviewPanel } from '../components/review-panel.tsx';
import { TeacherLine } from '../components/teacher-line.tsx';
import '../components/courses.css';
import { useFormatTime } from '../hooks/use-format-time.ts';
import { routeId } from '../lib/course-page.ts';
import '../../../locales/courses/index.ts';

/**
 * The dialogs are antd's (a modal with a form): each loads with antd when first opened, so the page
 * itself (a reminder's link, opened on a phone) renders without antd. Once opened, a dialog stays
 * mounted, so it closes with its motion.
 */
const CancelDialog = lazyWithAntd(() =>
  import('../components/cancel-dialog.tsx').then((module) => ({ default: module.CancelDialog })),
);
const CalendarDialog = lazyWithAntd(() =>
  import('../components/calendar-dialog.tsx').then((module) => ({ default: module.CalendarDialog })),
);

/** Why a class is not going ahead, or how it went: cancelled, called off, missed. */
function OutcomeNote({ course }: { course: CourseInfo }) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.language);
  const format = useFormatTime();
  if (course.status === -200) {
    const reason = CANCEL_REASONS.find((r) => r.value === course.cancel_reason);
    return (
      <div className="ls-c-outcome" data-testid="course-cancelled">
        {course.cancelled_at && <p>{t('courses.view.cancelledAt', { time: format(course.cancelled_at) })}</p>}
        {reason && (
          <p>
            {t('courses.view.cancelReason')}: {reason.label[lang]}
          </p>
        )}
        {course.cancel_remark && (
          <p>
            {t('courses.view.cancelRemark')}: {course.cancel_remark}
          </p>
        )}
        <CameBackNote course={course} />
      </div>
    );
  }
  if (course.status === -100)
    return (
      <div className="ls-c-outcome" data-testid="course-called-off">
        <CameBackNote course={course} />
      </div>
    );
  if (course.status === 300 && course.attended === false)
    return <p className="ls-c-outcome ls-c-warn">{t('courses.view.missedNote')}</p>;
  return null;
}

function CourseDetails({ course }: { course: CourseInfo }) {
  const { t } = useTranslation();
  const [cancelOpen, setCancelOpen] = useState(false);
  const [calendarOpen, setCalendarOpen] = useState(false);
  // Whether each dialog was ever opened: only then is its code (and antd) loaded.
  const [cancelShown, setCancelShown] = useState(false);
  const [calendarShown, setCalendarShown] = useState(false);
  const upcoming = course.status === 100 || course.status === 200;
  return (
    <>
      <section className="ls-c-card ls-c-summary" data-testid="course-summary" data-course-id={course.id}>
        <div className="ls-c-summary-head">
          <TeacherLine teacher={course.teacher} size={56} />
          <Link to={`/teacher/booking/${course.teacher.id}`} className="ls-c-link">
            {t('courses.view.bookAgain')}
          </Link>
        </div>
        <dl className="ls-c-facts">
          <div>
            <dt>{t('courses.view.time')}</dt>
            <dd data-testid="course-time">
              <DateTime value={course.start} />{' '}
              <span className="ls-muted ls-small ls-c-nowrap">
                · {t('courses.list.minutes', { count: course.minutes })}
              </span>
            </dd>
          </div>
          <div>
            <dt>{t('courses.view.status')}</dt>
            <dd>
              <span className="ls-c-row-tags">
                <CourseStatusTag status={course.status} />
                <CourseOutcomeTag course={course} />
              </span>
            </dd>
          </div>
          <div>
            <dt>{t('courses.view.payment')}</dt>
            <dd>
              <PayTypeLine course={course} />
            </dd>
          </div>
        </dl>
        <OutcomeNote course={course} />
        {upcoming && (
          <div className="ls-c-actions">
            {course.classroom_url ? (
              <a
                className="ls-link-btn"
                href={course.classroom_url}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="enter-classroom"
              >
                <LoginOutlined aria-hidden="true" />
                &nbsp;{t('courses.view.enterClassroom')}
              </a>
            ) : (
              <p className="ls-muted ls-small" data-testid="classroom-closed">
                {t('courses.view.classroomOpens')}
              </p>
            )}
            <button
              type="button"
              className="ls-btn"
              onClick={() => {
                setCalendarShown(true);
                setCalendarOpen(true);
              }}
              data-testid="calendar-button"
            >
              <CalendarOutlined aria-hidden="true" />
              {t('courses.view.calendar')}
            </button>
            {course.cancellable && (
              <button
                type="button"
                className="ls-btn ls-btn-danger"
                onClick={() => {
                  setCancelShown(true);
                  setCancelOpen(true);
                }}
                data-testid="cancel-course-button"
              >
                {t('courses.cancel.button')}
              </button>
            )}
          </div>
        )}
      </section>
      {course.status !== -200 && course.status !== -100 && <PlaybackPanel course={course} />}
      <ReportSummary course={course} />
      <ReviewPanel course={course} />
      <CoursewareList files={course.courseware} />
      <Suspense fallback={null}>
        {course.cancellable && cancelShown && (
          <CancelDialog course={course} open={cancelOpen} onClose={() => setCancelOpen(false)} />
        )}
        {calendarShown && <CalendarDialog open={calendarOpen} onClose={() => setCalendarOpen(false)} />}
      </Suspense>
    </>
  );
}

/**
 * /course/view/{id}: a class (DESIGN.md §7): teacher, time (Beijing time beside it when the zone
 * differs), status, the classroom button while it is open, cancel and "add to calendar" before it,
 * then the recording or why there is none, the teacher's report, the review and the courseware.
 */
export default function CourseViewRoute() {
  const { t } = useTranslation();
  const id = routeId(useParams().id);
  return (
    <CourseRecordPage
      title={t('titles.courseView')}
      query={useCourseInfo(id)}
      badId={id === 0}
      testIdPrefix="course"
      notFoundText={t('courses.view.notFound')}
      back={{ to: '/course/list', label: t('courses.view.backToList') }}
      skeletonRows={4}
      errorTitle={t('courses.view.errorTitle')}
    >
      {(course) => <CourseDetails course={course} />}
    </CourseRecordPage>
  );
}
