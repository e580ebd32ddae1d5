import { ReadOutlined } from '@ant-design/icons';
import { ComingSoon } from '../../../shell/coming-soon.tsx';

/** PLACEHOLDER until its issue builds the screen (titles.ielts). */
export default function IeltsIndexRoute() {
  return <ComingSoon screen="titles.ielts" icon={<ReadOutlined />} />;
}
