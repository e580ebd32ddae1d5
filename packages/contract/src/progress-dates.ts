/**
 * The calendar days of "My progress" (issue 37), zod-free so the web app's progress page computes
 * its periods with the server's rules without loading zod.
 */

/**
 * The longest streak counted, in weeks (a year): the server stops counting there, so a streak of
 * this many weeks means "a year or more" and reads "52+ weeks" (docs/decisions.md).
 */
export const PROGRESS_STREAK_MAX_WEEKS = 52;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  const m = DATE_PATTERN.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** `date` moved by whole years; 29 February becomes 28 February in a year without one. */
export function addYears(date: string, years: number): string {
  const y = String(Number(date.slice(0, 4)) + years).padStart(4, '0');
  const candidate = `${y}-${date.slice(5)}`;
  return isCalendarDate(candidate) ? candidate : `${y}-02-28`;
}

/** `date` moved by whole days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
