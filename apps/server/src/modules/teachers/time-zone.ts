/**
 * Wall-clock arithmetic in IANA time zones with Intl only (no time zone library on the server):
 * the list's slot filters are given in the student's zone and compared with UTC epoch ms.
 */

/**
 * Formatters by canonical zone name. A zone name is request input (`tz` of the teacher list) and
 * Intl accepts every case spelling of it (`aMERica/argentina/comodrivadavia`): each formatter costs
 * about 28 KB, so keying by the spelling let a visitor grow the process without bound (issue 11).
 * Only canonical names (as the runtime resolves them) are stored, so there is at most one entry per
 * zone the runtime knows (about 600); the cap is a second line of defence.
 */
const MAX_FORMATTERS = 1000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function newFormatter(zone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}

/** Throws a RangeError for a zone the runtime does not know (the contract validates `tz` first). */
function formatterOf(zone: string): Intl.DateTimeFormat {
  const hit = formatters.get(zone);
  if (hit) return hit;
  const fresh = newFormatter(zone);
  const canonical = fresh.resolvedOptions().timeZone;
  const known = formatters.get(canonical);
  if (known) return known;
  if (formatters.size >= MAX_FORMATTERS) formatters.clear();
  formatters.set(canonical, fresh);
  return fresh;
}

/**
 * The runtime's canonical name of a zone (`asia/shanghai` → `Asia/Shanghai`). Callers canonicalise
 * request input once, so the per-instant helpers below find their formatter in the cache; another
 * spelling still works there, at the cost of a throwaway formatter per call.
 */
export function canonicalTimeZone(zone: string): string {
  return formatterOf(zone).resolvedOptions().timeZone;
}

/** How many formatters are cached (tests). */
export function cachedTimeZoneCount(): number {
  return formatters.size;
}

export type LocalDate = { year: number; month: number; day: number };

/** The wall-clock fields of an instant in a zone. */
export function localPartsOf(instant: number, zone: string) {
  const parts: Record<string, number> = {};
  for (const p of formatterOf(zone).formatToParts(new Date(instant))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** The zone's offset from UTC at an instant, in ms (Asia/Shanghai: +8 h). */
export function offsetAt(instant: number, zone: string): number {
  const p = localPartsOf(instant, zone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant at which the wall clock of `zone` shows `date` plus `minutes` past midnight (minutes
 * may exceed a day). In a DST gap the later offset wins, in an overlap the earlier instant.
 */
export function zonedInstant(date: LocalDate, minutes: number, zone: string): number {
  const wall = Date.UTC(date.year, date.month - 1, date.day, 0, minutes);
  let instant = wall - offsetAt(wall, zone);
  const corrected = wall - offsetAt(instant, zone);
  if (corrected !== instant) instant = corrected;
  return instant;
}

export function parseLocalDate(text: string): LocalDate {
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

/** The local date of an instant in a zone. */
export function localDateOf(instant: number, zone: string): LocalDate {
  const p = localPartsOf(instant, zone);
  return { year: p.year, month: p.month, day: p.day };
}

/** `date` plus `days` calendar days. */
export function addDays(date: LocalDate, days: number): LocalDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** 0 = Sunday … 6 = Saturday, of a calendar date. */
export function weekdayOf(date: LocalDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}
