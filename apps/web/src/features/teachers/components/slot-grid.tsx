import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { TeacherSlot } from '@app/contract/teachers';
import { ListError, ListSkeleton } from '../../../components/list-states.tsx';
import { useTeacherSchedule } from '../api/get-teacher-schedule.ts';
import { SCHEDULE_WEEKS, weekDays, weekRange } from '../lib/schedule.ts';
import { SlotCell, STATE_GLYPHS } from './slot-cell.tsx';

export type SlotGridProps = {
  teacherId: number;
  /**
   * The booking page picks slots in place: free slots become buttons calling this. Without it they
   * link to the booking page (the profile drawer).
   */
  onPick?: (slot: TeacherSlot) => void;
  /** The slot being booked, marked in the grid. */
  pickedSlotId?: number | null;
  /** Controlled week (0 or 1), e.g. to show the week of a `?slot=` the page opened with. */
  week?: number;
  onWeekChange?: (week: number) => void;
  /**
   * The days' heading level: h4 under the profile drawer's h3 "schedule" (the default), h2 on the
   * booking page, whose only heading above the grid is the teacher's h1.
   */
  dayHeading?: 'h2' | 'h4';
};

/**
 * The weekly free-slot grid: 7 days from today, and the next week (slots are bookable 14 days ahead).
 * Free slots link to the booking screen (or call `onPick`); booked, mine and closed ones are shown
 * with their own look and glyph, and named for screen readers.
 */
export function SlotGrid({
  teacherId,
  onPick,
  pickedSlotId,
  week: controlledWeek,
  onWeekChange,
  dayHeading: DayHeading = 'h4',
}: SlotGridProps) {
  const { t } = useTranslation();
  const [ownWeek, setOwnWeek] = useState(0);
  const week = controlledWeek ?? ownWeek;
  const setWeek = (update: (w: number) => number) => {
    const next = update(week);
    setOwnWeek(next);
    onWeekChange?.(next);
  };
  // The days are fixed when the grid mounts, so a query key does not change every render.
  const [now] = useState(() => dayjs());
  const days = weekDays(week, now);
  const range = weekRange(week, now);
  const schedule = useTeacherSchedule({ teacher_id: teacherId, ...range });
  const byDay = new Map<string, TeacherSlot[]>();
  for (const slot of schedule.data?.slots ?? []) {
    const key = dayjs(slot.start).format('YYYY-MM-DD');
    byDay.set(key, [...(byDay.get(key) ?? []), slot]);
  }
  const stateLabel = (s: TeacherSlot['state']) => t(`teachers.slot_${s}`);

  return (
    <div className="ls-t-slots" data-testid="slot-grid">
      <div className="ls-t-slots-nav">
        <button
          type="button"
          className="ls-btn ls-btn-square"
          aria-label={t('teachers.prevWeek')}
          disabled={week === 0}
          onClick={() => setWeek((w) => w - 1)}
        >
          <LeftOutlined aria-hidden="true" />
        </button>
        <span className="ls-t-slots-range" aria-live="polite">
          {`${days[0]!.format('MM/DD')} – ${days[6]!.format('MM/DD')}`}
        </span>
        <button
          type="button"
          className="ls-btn ls-btn-square"
          aria-label={t('teachers.nextWeek')}
          disabled={week >= SCHEDULE_WEEKS - 1}
          onClick={() => setWeek((w) => w + 1)}
          data-testid="slots-next-week"
        >
          <RightOutlined aria-hidden="true" />
        </button>
        <ul className="ls-t-legend" aria-label={t('teachers.legend')}>
          {(['free', 'booked', 'mine', 'closed'] as const).map((s) => (
            <li key={s}>
              <span className={`ls-t-swatch is-${s}`} aria-hidden="true">
                {STATE_GLYPHS[s]}
              </span>
              {stateLabel(s)}
            </li>
          ))}
        </ul>
      </div>
      {schedule.isPending ? (
        <ListSkeleton count={1} rows={4} label={t('teachers.scheduleLoading')} testIdPrefix="slots" />
      ) : schedule.isError ? (
        <ListError
          testIdPrefix="teachers"
          title={t('teachers.scheduleError')}
          onRetry={() => void schedule.refetch()}
        />
      ) : (
        <div className="ls-t-days" aria-busy={schedule.isFetching}>
          {days.map((day) => {
            const slots = byDay.get(day.format('YYYY-MM-DD')) ?? [];
            const headingId = `ls-t-day-${teacherId}-${day.format('YYYYMMDD')}`;
            return (
              <section key={day.valueOf()} className="ls-t-day" aria-labelledby={headingId}>
                <DayHeading
                  id={headingId}
                  className={
                    day.day() === 0 || day.day() === 6 ? 'ls-t-day-title is-weekend' : 'ls-t-day-title'
                  }
                >
                  <span>{day.format('ddd')}</span> <span className="ls-muted">{day.format('MM/DD')}</span>
                </DayHeading>
                {slots.length === 0 ? (
                  <p className="ls-muted ls-small ls-t-day-empty">{t('teachers.noSlots')}</p>
                ) : (
                  <ul>
                    {slots.map((slot) => (
                      <li key={slot.id}>
                        <SlotCell
                          slot={slot}
                          day={day}
                          teacherId={teacherId}
                          onPick={onPick}
                          picked={slot.id === pickedSlotId}
                        />
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            );
          })}
        </div>
      )}
    </div>
  );
}
