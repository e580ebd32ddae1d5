import { LockOutlined } from '@ant-design/icons';
import { ComingSoon } from '../../../shell/coming-soon.tsx';

/** PLACEHOLDER until its issue builds the screen (titles.userSetPassword). */
export default function SetPasswordRoute() {
  return <ComingSoon screen="titles.userSetPassword" icon={<LockOutlined />} />;
}
