import { CheckCircleOutlined } from '@ant-design/icons';
import { ComingSoon } from '../../../shell/coming-soon.tsx';

/** PLACEHOLDER until its issue builds the screen (titles.courseEnded). */
export default function EndCourseRoute() {
  return <ComingSoon screen="titles.courseEnded" icon={<CheckCircleOutlined />} />;
}
