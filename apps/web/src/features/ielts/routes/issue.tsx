import { BookOutlined } from '@ant-design/icons';
import { ComingSoon } from '../../../shell/coming-soon.tsx';

/** PLACEHOLDER until its issue builds the screen (titles.ieltsIssue). */
export default function IeltsIssueRoute() {
  return <ComingSoon screen="titles.ieltsIssue" icon={<BookOutlined />} />;
}
