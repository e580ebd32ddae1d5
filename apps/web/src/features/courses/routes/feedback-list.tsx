import { FileTextOutlined } from '@ant-design/icons';
import { ComingSoon } from '../../../shell/coming-soon.tsx';

/** PLACEHOLDER until its issue builds the screen (titles.courseFeedback). */
export default function CourseFeedbackListRoute() {
  return <ComingSoon screen="titles.courseFeedback" icon={<FileTextOutlined />} />;
}
