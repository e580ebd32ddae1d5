/**
 * Pure rules of the live classroom's attendance (DESIGN.md §12 "Attendance from the room"), beside
 * attendance.service.ts and tested on their own.
 */
export type Seat = 'student' | 'teacher';

export const SEATS: readonly Seat[] = ['student', 'teacher'];

const MINUTE = 60_000;

/** The room opens 10 min before the start and closes 30 min after the end (DESIGN.md §12). */
export const ROOM_OPEN_LEAD_MS = 10 * MINUTE;
export const ROOM_CLOSE_AFTER_MS = 30 * MINUTE;

/** A stay of a seat in the room; `left_at` null while the seat is still there. */
export type Stay = { seat: Seat; joined_at: number; left_at: number | null };

/** When the room opens and closes for a class. */
export function roomWindow(startAt: number, endAt: number): { openAt: number; closeAt: number } {
  return { openAt: startAt - ROOM_OPEN_LEAD_MS, closeAt: endAt + ROOM_CLOSE_AFTER_MS };
}

/** The teacher's link is valid until the room closes (its validity from the opening is the room's check). */
export function teacherLinkExpiry(endAt: number): number {
  return roomWindow(0, endAt).closeAt;
}

/** The instant from which a class whose teacher has not come is a teacher no-show. */
export function teacherNoShowAt(startAt: number, noShowMinutes: number): number {
  return startAt + noShowMinutes * MINUTE;
}

/**
 * Whether the teacher is a no-show at `now`: the no-show time has come and the teacher never entered
 * the room (a teacher who came and lost the connection is not a no-show).
 */
export function isTeacherNoShow(
  course: { start_at: number },
  stays: readonly Stay[],
  noShowMinutes: number,
  now: number,
): boolean {
  return now >= teacherNoShowAt(course.start_at, noShowMinutes) && !stays.some((s) => s.seat === 'teacher');
}

/** The student never entered the room of a class that has ended. */
export function isStudentAbsent(course: { end_at: number }, stays: readonly Stay[], now: number): boolean {
  return now >= course.end_at && !stays.some((s) => s.seat === 'student');
}

/** Both seats in the room now (each has a stay not yet left). */
export function bothPresent(stays: readonly Stay[]): boolean {
  return SEATS.every((seat) => stays.some((s) => s.seat === seat && s.left_at === null));
}

/**
 * Milliseconds each seat spent in the class: its stays clipped to the class's time (start to end),
 * a stay still open counted up to `now`. Overlapping stays of one seat (two instances that each saw
 * a join) are counted once.
 */
export function timeInClass(
  course: { start_at: number; end_at: number },
  stays: readonly Stay[],
  now: number,
): Record<Seat, number> {
  const result: Record<Seat, number> = { student: 0, teacher: 0 };
  for (const seat of SEATS) {
    const spans = stays
      .filter((s) => s.seat === seat)
      .map(
        (s) => [Math.max(s.joined_at, course.start_at), Math.min(s.left_at ?? now, course.end_at)] as const,
      )
      .filter(([from, to]) => to > from)
      .sort((a, b) => a[0] - b[0]);
    let total = 0;
    let reached = -Infinity;
    for (const [from, to] of spans) {
      const begin = Math.max(from, reached);
      if (to > begin) total += to - begin;
      reached = Math.max(reached, to);
    }
    result[seat] = total;
  }
  return result;
}

/** Whole minutes, rounded down (what the ops output prints). */
export function wholeMinutes(ms: number): number {
  return Math.floor(ms / MINUTE);
}
