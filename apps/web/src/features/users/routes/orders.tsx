import { ProfileOutlined } from '@ant-design/icons';
import { ComingSoon } from '../../../shell/coming-soon.tsx';

/** PLACEHOLDER until its issue builds the screen (titles.userOrders). */
export default function OrdersRoute() {
  return <ComingSoon screen="titles.userOrders" icon={<ProfileOutlined />} />;
}
