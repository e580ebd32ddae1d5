import { AudioOutlined } from '@ant-design/icons';
import { ComingSoon } from '../../../shell/coming-soon.tsx';

/** PLACEHOLDER until its issue builds the screen (titles.ieltsSamples). */
export default function SpeakingSamplesRoute() {
  return <ComingSoon screen="titles.ieltsSamples" icon={<AudioOutlined />} />;
}
