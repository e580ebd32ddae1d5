import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import type { TeacherSlot } from '@app/contract/teachers';

type SlotState = TeacherSlot['state'];

/** A glyph per state, so the states differ by more than colour (WCAG 1.4.1). */
export const STATE_GLYPHS: Record<SlotState, string> = { free: '+', booked: '×', mine: '✓', closed: '–' };

export function bookingPath(teacherId: number, slotId?: number): string {
  return `/teacher/booking/${teacherId}${slotId ? `?slot=${slotId}` : ''}`;
}

type SlotCellProps = {
  slot: TeacherSlot;
  /** The slot's local day, for a free slot's accessible name. */
  day: Dayjs;
  teacherId: number;
  /** Given on the booking page: a free slot is a button calling it, instead of a link to that page. */
  onPick?: (slot: TeacherSlot) => void;
  /** The slot being booked (marked, and pressed). */
  picked: boolean;
};

/** The name of a free slot for screen readers: its day, its time and "free". */
function freeLabel(day: Dayjs, time: string, state: string): string {
  return `${day.format('ddd MM/DD')} ${time} ${state}`;
}

/**
 * One slot of the grid by its state: a free one is a button picking it (the booking page) or a link
 * to the booking page; booked, mine and closed ones are text with their glyph, their state named for
 * screen readers.
 */
export function SlotCell({ slot, day, teacherId, onPick, picked }: SlotCellProps) {
  const { t } = useTranslation();
  const time = dayjs(slot.start).format('HH:mm');
  const stateLabel = t(`teachers.slot_${slot.state}`);

  if (slot.state !== 'free') {
    return (
      <span className={`ls-t-slot is-${slot.state}`} title={stateLabel} data-testid={`slot-${slot.state}`}>
        <span className="ls-t-slot-glyph" aria-hidden="true">
          {STATE_GLYPHS[slot.state]}
        </span>
        {time}
        <span className="ls-sr-only"> {stateLabel}</span>
      </span>
    );
  }
  if (onPick) {
    return (
      <button
        type="button"
        className={`ls-t-slot is-free${picked ? ' is-picked' : ''}`}
        data-testid="slot-free"
        data-slot-id={slot.id}
        aria-pressed={picked}
        aria-label={freeLabel(day, time, stateLabel)}
        onClick={() => onPick(slot)}
      >
        {time}
      </button>
    );
  }
  return (
    <Link
      to={bookingPath(teacherId, slot.id)}
      className="ls-t-slot is-free"
      data-testid="slot-free"
      aria-label={freeLabel(day, time, stateLabel)}
    >
      {time}
    </Link>
  );
}
