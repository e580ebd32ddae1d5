import { VideoCameraOutlined } from '@ant-design/icons';
import { ComingSoon } from '../../../shell/coming-soon.tsx';

/** PLACEHOLDER until its issue builds the screen (titles.courseView). */
export default function CourseViewRoute() {
  return <ComingSoon screen="titles.courseView" icon={<VideoCameraOutlined />} />;
}
