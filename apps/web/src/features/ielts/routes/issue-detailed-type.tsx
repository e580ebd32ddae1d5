import { BookOutlined } from '@ant-design/icons';
import { ComingSoon } from '../../../shell/coming-soon.tsx';

/** PLACEHOLDER until its issue builds the screen (titles.ieltsIssueDetailed). */
export default function IssueDetailedTypeRoute() {
  return <ComingSoon screen="titles.ieltsIssueDetailed" icon={<BookOutlined />} />;
}
