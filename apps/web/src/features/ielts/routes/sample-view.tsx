import { useOutlet } from 'react-router';
import { FileSearchOutlined } from '@ant-design/icons';
import { ComingSoon } from '../../../shell/coming-soon.tsx';

/**
 * PLACEHOLDER until the IELTS issue builds the sample view. Its child route (TiMu/…, one question)
 * renders in the outlet.
 */
export default function SampleViewRoute() {
  const outlet = useOutlet();
  return outlet ?? <ComingSoon screen="titles.ieltsSampleView" icon={<FileSearchOutlined />} />;
}
