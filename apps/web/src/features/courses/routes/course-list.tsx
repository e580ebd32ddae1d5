import { CourseListPage } from '../components/course-list-page.tsx';

/** /course/list: classes not started yet or in progress, soonest first. */
export default function CourseListRoute() {
  return <CourseListPage scope="recent" />;
}
