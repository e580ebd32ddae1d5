import { FolderOpenOutlined } from '@ant-design/icons';
import { ComingSoon } from '../../../shell/coming-soon.tsx';

/** PLACEHOLDER until its issue builds the screen (titles.userFiles). */
export default function FilesRoute() {
  return <ComingSoon screen="titles.userFiles" icon={<FolderOpenOutlined />} />;
}
