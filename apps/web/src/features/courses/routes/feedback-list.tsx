import { useTranslation } from 'react-i18next';
import { ListEmpty, ListSkeleton } from '../../../components/list-states.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import { usePageParam } from '../../../lib/paging/use-page-param.ts';
import { useFeedbackList } from '../api/get-feedback-list.ts';
import { CourseNav } from '../components/course-nav.tsx';
import { FeedbackRow } from '../components/feedback-row.tsx';
import '../components/courses.css';
import '../../../locales/courses/index.ts';

/** /course/feedback: the teachers' post-lesson reports, newest first, unread ones marked. */
export default function CourseFeedbackListRoute() {
  const { t } = useTranslation();
  const [page, setPage] = usePageParam();
  const list = useFeedbackList(page);
  return (
    <div className="ls-c-page">
      <h1>{t('titles.courseFeedback')}</h1>
      <CourseNav />
      <p className="ls-muted">{t('courses.feedback.intro')}</p>
      <PagedList
        query={list}
        page={page}
        onPageChange={setPage}
        className="ls-c-list"
        testId="feedback-list"
        testIdPrefix="feedback"
        skeleton={<ListSkeleton testIdPrefix="feedback" avatar rows={1} />}
        errorTitle={t('courses.feedback.errorTitle')}
        empty={<ListEmpty testIdPrefix="feedback" description={t('courses.feedback.empty')} />}
        renderItem={(report) => <FeedbackRow key={report.id} report={report} />}
      />
    </div>
  );
}
