import { CalendarOutlined } from '@ant-design/icons';
import { ComingSoon } from '../../../shell/coming-soon.tsx';

/** PLACEHOLDER until its issue builds the screen (titles.courseTimetable). */
export default function TimetableRoute() {
  return <ComingSoon screen="titles.courseTimetable" icon={<CalendarOutlined />} />;
}
