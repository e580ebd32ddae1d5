import { HeartOutlined } from '@ant-design/icons';
import { ComingSoon } from '../../../shell/coming-soon.tsx';

/** PLACEHOLDER until its issue builds the screen (titles.userLikeTeachers). */
export default function LikeTeachersRoute() {
  return <ComingSoon screen="titles.userLikeTeachers" icon={<HeartOutlined />} />;
}
