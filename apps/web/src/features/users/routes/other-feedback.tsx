import { MessageOutlined } from '@ant-design/icons';
import { ComingSoon } from '../../../shell/coming-soon.tsx';

/** PLACEHOLDER until its issue builds the screen (titles.userFeedback). */
export default function OtherFeedbackRoute() {
  return <ComingSoon screen="titles.userFeedback" icon={<MessageOutlined />} />;
}
