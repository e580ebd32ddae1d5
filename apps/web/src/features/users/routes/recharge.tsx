import { WalletOutlined } from '@ant-design/icons';
import { ComingSoon } from '../../../shell/coming-soon.tsx';

/** PLACEHOLDER until its issue builds the screen (titles.userRecharge). */
export default function RechargeRoute() {
  return <ComingSoon screen="titles.userRecharge" icon={<WalletOutlined />} />;
}
