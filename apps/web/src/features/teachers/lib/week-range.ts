/**
 * The ISO [from, to) range the slot grid asks GET /teacher/getTeacherSchedule for in week `week`
 * (0 = from today's local midnight, 7 days). Plain Date arithmetic, no dayjs: start-up (app/prefetch.ts)
 * asks for a shared booking link's weeks with it while the page's code downloads, under the same
 * query keys as the grid (schedule.ts `weekRange`).
 */
export function scheduleWeekRange(week: number, now: Date = new Date()): { from: string; to: string } {
  const day = (offset: number) => new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset);
  return { from: day(week * 7).toISOString(), to: day(week * 7 + 7).toISOString() };
}
