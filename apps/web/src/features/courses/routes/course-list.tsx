import { UnorderedListOutlined } from '@ant-design/icons';
import { ComingSoon } from '../../../shell/coming-soon.tsx';

/** PLACEHOLDER until its issue builds the screen (titles.courseList). */
export default function CourseListRoute() {
  return <ComingSoon screen="titles.courseList" icon={<UnorderedListOutlined />} />;
}
