import { IdcardOutlined } from '@ant-design/icons';
import { ComingSoon } from '../../../shell/coming-soon.tsx';

/** PLACEHOLDER until its issue builds the screen (titles.userInfo). */
export default function UserInfoRoute() {
  return <ComingSoon screen="titles.userInfo" icon={<IdcardOutlined />} />;
}
