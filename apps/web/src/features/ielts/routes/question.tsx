import { QuestionCircleOutlined } from '@ant-design/icons';
import { ComingSoon } from '../../../shell/coming-soon.tsx';

/** PLACEHOLDER until its issue builds the screen (titles.ieltsQuestion). */
export default function IeltsQuestionRoute() {
  return <ComingSoon screen="titles.ieltsQuestion" icon={<QuestionCircleOutlined />} />;
}
