import { DollarOutlined } from '@ant-design/icons';
import { ComingSoon } from '../../../shell/coming-soon.tsx';

/** PLACEHOLDER until its issue builds the screen (titles.userCoins). */
export default function CoinsRoute() {
  return <ComingSoon screen="titles.userCoins" icon={<DollarOutlined />} />;
}
