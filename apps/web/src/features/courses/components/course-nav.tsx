import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import './course-nav.css';
import '../../../locales/courses/index.ts';

const LINKS = [
  { to: '/course/index', key: 'courses.list.nav.timetable' },
  { to: '/course/list', key: 'courses.list.nav.recent' },
  { to: '/course/endCourse', key: 'courses.list.nav.finished' },
  { to: '/course/feedback', key: 'courses.list.nav.feedback' },
] as const;

/** The tabs of the course section (SPEC.md §2 /course children); the current one is marked. */
export function CourseNav() {
  const { t } = useTranslation();
  return (
    <nav className="ls-c-nav" aria-label={t('courses.list.nav.label')}>
      {LINKS.map((link) => (
        <NavLink key={link.to} to={link.to} end className="ls-c-nav-link">
          {t(link.key)}
        </NavLink>
      ))}
    </nav>
  );
}
