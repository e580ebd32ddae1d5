import { UserOutlined } from '@ant-design/icons';
import { ComingSoon } from '../../../shell/coming-soon.tsx';

/** PLACEHOLDER until its issue builds the screen (titles.userHome). */
export default function UserHomeRoute() {
  return <ComingSoon screen="titles.userHome" icon={<UserOutlined />} />;
}
