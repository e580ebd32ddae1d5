import { ScheduleOutlined } from '@ant-design/icons';
import { ComingSoon } from '../../../shell/coming-soon.tsx';

/** PLACEHOLDER until its issue builds the screen (titles.teacherBooking). */
export default function TeacherBookingRoute() {
  return <ComingSoon screen="titles.teacherBooking" icon={<ScheduleOutlined />} />;
}
