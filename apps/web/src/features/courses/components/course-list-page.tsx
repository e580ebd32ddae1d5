import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CourseListScope, CourseOutcomeCounts } from '@app/contract/courses';
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

/**
 * The finished list's total split by what happened (issue 33 §3): attended first (what "finished",
 * 已上, counts), then the missed, cancelled and called-off classes that happened, counted apart.
 */
function OutcomeCounts({ outcomes }: { outcomes: CourseOutcomeCounts }) {
  const { t } = useTranslation();
  const parts = [
    { key: 'attended', count: outcomes.attended },
    { key: 'missed', count: outcomes.missed },
    { key: 'cancelled', count: outcomes.cancelled },
    { key: 'calledOff', count: outcomes.called_off },
  ].filter((part, i) => i === 0 || part.count > 0);
  return (
    <span data-testid="courses-outcomes">
      {parts.map((part) => (
        <span key={part.key} data-outcome={part.key}>
          {' · '}
          {t(`courses.counts.${part.key}`, { count: part.count })}
        </span>
      ))}
    </span>
  );
}

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
          <p className="ls-muted ls-small ls-c-count" aria-live="polite" data-testid="courses-count">
            {t('courses.list.count', { count: data.total })}
            {list.data?.outcomes && <OutcomeCounts outcomes={list.data.outcomes} />}
          </p>
        )}
        renderItem={(course) => <CourseRow key={course.id} course={course} />}
      />
    </div>
  );
}
