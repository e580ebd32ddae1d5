import { LoginOutlined } from '@ant-design/icons';
import { ComingSoon } from '../../../shell/coming-soon.tsx';

/** PLACEHOLDER until its issue builds the screen (titles.login). */
export default function LoginRoute() {
  return <ComingSoon screen="titles.login" icon={<LoginOutlined />} />;
}
