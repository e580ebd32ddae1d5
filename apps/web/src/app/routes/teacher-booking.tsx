import { Suspense, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { LeftOutlined } from '@ant-design/icons';
import type { CourseItem } from '@app/contract/courses';
import type { TeacherSlot } from '@app/contract/teachers';
import { ListEmpty, ListError, ListSkeleton } from '../../components/list-states.tsx';
import { lazyWithAntd } from '../../lib/antd/lazy-with-antd.tsx';
import { withAppUi } from '../../lib/antd/app-ui.ts';
import { isApiError } from '../../lib/http/api-error.ts';
import { useLoginDialog } from '../../lib/session/login-dialog-store.ts';
import { useIsLoggedIn } from '../../lib/session/session-store.ts';
import { currentLanguage } from '../../lib/settings/settings-store.ts';
import { BEIJING_TIME_ZONE, studentTimeZone, zoneName } from '../../lib/time/zoned-time.ts';
import { useTeacherInfo } from '../../features/teachers/api/get-teacher-info.ts';
import { useTeacherSchedule } from '../../features/teachers/api/get-teacher-schedule.ts';
import { BookingTeacherHeader } from '../../features/teachers/components/booking-teacher-header.tsx';
import { SlotGrid } from '../../features/teachers/components/slot-grid.tsx';
import { SCHEDULE_WEEKS, weekRange } from '../../features/teachers/lib/schedule.ts';
import { useCardList } from '../../features/wallet/api/get-card-list.ts';
import { useCoinBalance } from '../../features/wallet/api/get-coin-balance.ts';
import '../../features/teachers/components/teachers.css';
import '../../locales/courses/index.ts';

/**
 * The booking dialog is antd's (a modal with radios): it loads with antd once a slot is picked, so
 * the page itself (a deep link students share) renders without antd (issue 16).
 */
const BookingDialog = lazyWithAntd(() =>
  import('../../features/courses/components/booking-dialog.tsx').then((module) => ({
    default: module.BookingDialog,
  })),
);

/** `?slot=` as a slot id, or null. */
function slotParam(value: string | null): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * /teacher/booking/{teacher_id} (DESIGN.md §7 "Booking", §8): the teacher, the week-by-week slots in
 * the student's zone, and the booking dialog (coins or a card, price, cancellation policy). Combines
 * teachers (profile, schedule), wallet (balance, cards) and courses (the booking), so it lives here.
 *
 * Visitors see the schedule; picking a slot asks them to log in, keeping the slot in `?slot=` so the
 * page (reloaded after the login, SPEC.md §2) opens the dialog for it. The teacher drawer links here
 * with `?slot=` too.
 */
export default function TeacherBookingRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const teacherId = Number(useParams().teacher_id);
  const validId = Number.isInteger(teacherId) && teacherId > 0;
  const [search, setSearch] = useSearchParams();
  const slotId = slotParam(search.get('slot'));
  const loggedIn = useIsLoggedIn();
  const openLogin = useLoginDialog((s) => s.open);
  const teacher = useTeacherInfo(validId ? teacherId : 0);
  const [week, setWeek] = useState<number | null>(null);
  const [dialogOpen, setDialogOpen] = useState(true);

  // The weeks' schedules: the grid reads the same keys, so these add no request. They find the
  // `?slot=` slot (its week, and whether it is still free while the dialog is open).
  const [now] = useState(() => Date.now());
  const weeks = [0, 1].map((w) => weekRange(w, dayjs(now)));
  const week0 = useTeacherSchedule({ teacher_id: teacherId, ...weeks[0]! });
  const week1 = useTeacherSchedule({ teacher_id: teacherId, ...weeks[1]! });
  const slots: TeacherSlot[] = [...(week0.data?.slots ?? []), ...(week1.data?.slots ?? [])];
  const picked = slotId === null ? undefined : slots.find((s) => s.id === slotId);
  const pickedWeek = picked && week1.data?.slots.some((s) => s.id === picked.id) ? 1 : 0;
  const shownWeek = Math.min(week ?? pickedWeek, SCHEDULE_WEEKS - 1);

  const balance = useCoinBalance();
  const cards = useCardList();
  const wallet =
    balance.isError || cards.isError
      ? ('error' as const)
      : balance.data && cards.data
        ? { balance: balance.data.coins, cards: cards.data }
        : ('loading' as const);

  const pick = (slot: TeacherSlot) => {
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('slot', String(slot.id));
        return next;
      },
      { replace: true },
    );
    setDialogOpen(true);
    if (!loggedIn) {
      withAppUi((ui) => void ui.message.info(t('courses.booking.loginToBook')));
      openLogin('login');
    }
  };

  const closeDialog = () => {
    setDialogOpen(false);
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('slot');
        return next;
      },
      { replace: true },
    );
  };

  const booked = (course: CourseItem) => {
    withAppUi((ui) => void ui.message.success(t('courses.booking.success')));
    void navigate(`/course/view/${course.id}`);
  };

  if (!validId || (isApiError(teacher.error) && teacher.error.httpStatus === 404)) {
    return (
      <div className="ls-t-booking-page">
        <ListEmpty testIdPrefix="booking" description={t('courses.booking.teacherNotFound')}>
          <Link to="/#teachers-title">{t('courses.booking.back')}</Link>
        </ListEmpty>
      </div>
    );
  }
  if (teacher.isError) {
    return (
      <div className="ls-t-booking-page">
        <ListError
          testIdPrefix="booking"
          title={t('courses.booking.teacherError')}
          onRetry={() => void teacher.refetch()}
        />
      </div>
    );
  }

  const zone = studentTimeZone();
  return (
    <div className="ls-t-booking-page">
      <Link to="/#teachers-title" className="ls-t-booking-back">
        <LeftOutlined aria-hidden="true" /> {t('courses.booking.back')}
      </Link>
      {teacher.isPending ? (
        <ListSkeleton
          count={1}
          avatar={{ size: 64 }}
          label={t('courses.booking.teacherLoading')}
          testIdPrefix="booking-teacher"
        />
      ) : (
        <BookingTeacherHeader teacher={teacher.data} />
      )}
      <p className="ls-muted ls-small ls-t-booking-hint">
        {t('courses.booking.pickHint')}{' '}
        {zone !== BEIJING_TIME_ZONE && (
          <span data-testid="booking-zone-note">
            {t('courses.booking.zoneNote', { zone: zoneName(zone, currentLanguage()) })}
          </span>
        )}
      </p>
      <SlotGrid
        teacherId={teacherId}
        onPick={pick}
        pickedSlotId={slotId}
        week={shownWeek}
        onWeekChange={setWeek}
        dayHeading="h2"
      />
      {loggedIn && dialogOpen && picked && teacher.data && (
        <Suspense fallback={null}>
          <BookingDialog
            key={picked.id}
            slot={picked}
            teacher={teacher.data}
            wallet={wallet}
            onRetryWallet={() => {
              void balance.refetch();
              void cards.refetch();
            }}
            slotFree={picked.state === 'free'}
            onClose={closeDialog}
            onBooked={booked}
          />
        </Suspense>
      )}
    </div>
  );
}
