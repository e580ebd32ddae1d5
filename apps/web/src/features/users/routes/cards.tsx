import { CreditCardOutlined } from '@ant-design/icons';
import { ComingSoon } from '../../../shell/coming-soon.tsx';

/** PLACEHOLDER until its issue builds the screen (titles.userCards). */
export default function CardsRoute() {
  return <ComingSoon screen="titles.userCards" icon={<CreditCardOutlined />} />;
}
