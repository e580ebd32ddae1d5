import { CourseListPage } from '../components/course-list-page.tsx';

/** /course/endCourse: classes over, cancelled or abolished, latest first. */
export default function EndCourseRoute() {
  return <CourseListPage scope="finished" />;
}
