import { useTranslation } from 'react-i18next';
import { SubNav } from '../../../components/sub-nav.tsx';
import '../../../locales/courses/index.ts';

const LINKS = [
  { to: '/course/index', key: 'courses.list.nav.timetable' },
  { to: '/course/list', key: 'courses.list.nav.recent' },
  { to: '/course/endCourse', key: 'courses.list.nav.finished' },
  { to: '/course/feedback', key: 'courses.list.nav.feedback' },
] as const;

/**
 * The tabs of the course section (SPEC.md §2 /course children), on the lists, the reports and the
 * timetable; the current one is marked. The app's one sub-navigation (SubNav, issue 33 §1).
 */
export function CourseNav() {
  const { t } = useTranslation();
  return (
    <SubNav
      label={t('courses.list.nav.label')}
      links={LINKS.map((link) => ({ to: link.to, label: t(link.key), end: true }))}
    />
  );
}
