import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CourseListScope } from '@app/contract/courses';
import { ListEmpty, ListSkeleton } from '../../../components/list-states.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import { usePageParam } from '../../../lib/paging/use-page-param.ts';
import { useCourseList } from '../api/get-course-list.ts';
import { CourseNav } from './course-nav.tsx';
import { CourseRow } from './course-row.tsx';
import './courses.css';
import '../../../locales/courses/index.ts';

const TEXTS = {
  recent: {
    title: 'titles.courseList',
    intro: 'courses.list.recentIntro',
    empty: 'courses.list.recentEmpty',
  },
  finished: {
    title: 'titles.courseEnded',
    intro: 'courses.list.finishedIntro',
    empty: 'courses.list.finishedEmpty',
  },
} as const;

/** /course/list and /course/endCourse: one paged list of classes, `?page=` in the URL. */
export function CourseListPage({ scope }: { scope: CourseListScope }) {
  const { t } = useTranslation();
  const [page, setPage] = usePageParam();
  const list = useCourseList(scope, page);
  const texts = TEXTS[scope];
  return (
    <div className="ls-c-page">
      <h1>{t(texts.title)}</h1>
      <CourseNav />
      <p className="ls-muted">{t(texts.intro)}</p>
      <PagedList
        query={list}
        page={page}
        onPageChange={setPage}
        className="ls-c-list"
        testId="course-list"
        testIdPrefix="courses"
        skeleton={<ListSkeleton testIdPrefix="courses" avatar rows={1} />}
        errorTitle={t('courses.list.errorTitle')}
        empty={
          <ListEmpty testIdPrefix="courses" description={t(texts.empty)}>
            {scope === 'recent' && (
              <Link to="/#teachers-title" className="ls-link-btn">
                {t('courses.list.findTeacher')}
              </Link>
            )}
          </ListEmpty>
        }
        summary={(data) => (
          <p className="ls-muted ls-small ls-c-count" aria-live="polite">
            {t('courses.list.count', { count: data.total })}
          </p>
        )}
        renderItem={(course) => <CourseRow key={course.id} course={course} />}
      />
    </div>
  );
}
