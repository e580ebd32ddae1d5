import { FileTextOutlined } from '@ant-design/icons';
import { ComingSoon } from '../../../shell/coming-soon.tsx';

/** PLACEHOLDER until its issue builds the screen (titles.courseFeedbackView). */
export default function CourseFeedbackViewRoute() {
  return <ComingSoon screen="titles.courseFeedbackView" icon={<FileTextOutlined />} />;
}
