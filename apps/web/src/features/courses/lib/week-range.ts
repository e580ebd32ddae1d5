/**
 * The ISO [from, to) range of the timetable's week `offset` (0 = this week), Monday 00:00 local
 * time to the next Monday, as GET /course/getTimetable takes it. Plain Date arithmetic, no dayjs:
 * start-up (app/prefetch.ts) asks for this week's classes with it while the page's code downloads,
 * under the same query key as the page (timetable.ts `weekRangeOf`).
 */
export function timetableWeekRange(offset: number, now: Date = new Date()): { from: string; to: string } {
  // getDay() is 0 for Sunday: weeks start on Monday in both languages (SPEC.md).
  const monday = now.getDate() - ((now.getDay() + 6) % 7) + offset * 7;
  const day = (shift: number) => new Date(now.getFullYear(), now.getMonth(), monday + shift);
  return { from: day(0).toISOString(), to: day(7).toISOString() };
}
