import type { Lang } from '@app/contract/i18n';

/**
 * Times on screen (DESIGN.md §5): the API sends UTC instants; the student sees them in their own
 * time zone (the browser's), and, when that zone's clock differs from Beijing's at that instant,
 * Beijing time beside it, the time the school's teachers and customer service speak in.
 */
export const BEIJING_TIME_ZONE = 'Asia/Shanghai';

/** The student's IANA time zone (the browser's); Beijing when the browser does not say. */
export function studentTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || BEIJING_TIME_ZONE;
  } catch {
    return BEIJING_TIME_ZONE;
  }
}

export type TimeStyle = 'datetime' | 'date' | 'time';

const INTL_LOCALE: Record<Lang, string> = { 'zh-Hans': 'zh-CN', en: 'en-GB' };

const OPTIONS: Record<TimeStyle, Intl.DateTimeFormatOptions> = {
  datetime: { month: 'short', day: 'numeric', weekday: 'short', hour: '2-digit', minute: '2-digit' },
  date: { year: 'numeric', month: 'short', day: 'numeric', weekday: 'short' },
  time: { hour: '2-digit', minute: '2-digit' },
};

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(lang: Lang, zone: string, style: TimeStyle): Intl.DateTimeFormat {
  const key = `${lang}|${zone}|${style}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(INTL_LOCALE[lang], { ...OPTIONS[style], hourCycle: 'h23', timeZone: zone });
    formatters.set(key, f);
  }
  return f;
}

/** The instant `iso` as the clock on the wall of `zone` shows it, in the language's format. */
export function formatInZone(
  iso: string | number | Date,
  lang: Lang,
  zone: string,
  style: TimeStyle,
): string {
  return formatter(lang, zone, style).format(new Date(iso));
}

/** Minutes `zone` is ahead of UTC at the instant `at` (daylight saving included). */
export function zoneOffsetMinutes(at: Date, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'));
  return Math.round((wall - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}

/**
 * The texts of one instant for the student: `local` in their zone, and `beijing` (same style) only
 * when Beijing's clock shows something else at that instant; null when the two agree.
 */
export function zonedTimes(
  iso: string | number | Date,
  lang: Lang,
  style: TimeStyle,
  zone: string = studentTimeZone(),
): { local: string; beijing: string | null } {
  const at = new Date(iso);
  const local = formatInZone(at, lang, zone, style);
  const same =
    zone === BEIJING_TIME_ZONE || zoneOffsetMinutes(at, zone) === zoneOffsetMinutes(at, BEIJING_TIME_ZONE);
  return { local, beijing: same ? null : formatInZone(at, lang, BEIJING_TIME_ZONE, style) };
}

/**
 * A time zone named in the student's language (issue 33 §4): Intl's generic name ("英国时间" /
 * "United Kingdom Time", "北美东部时间" / "Eastern Time"), the same all year (unlike `'long'`, which
 * says "British Summer Time" half the year); the id's city ("Kolkata time") where Intl has only an
 * offset or fails. index.html's pre-paint script names the zone the same way for the booking page's
 * start-up screen: change both together.
 */
export function zoneName(zone: string, lang: Lang): string {
  try {
    const name = new Intl.DateTimeFormat(INTL_LOCALE[lang], { timeZone: zone, timeZoneName: 'longGeneric' })
      .formatToParts(new Date())
      .find((p) => p.type === 'timeZoneName')?.value;
    if (name && !/^(GMT|UTC)([+\-\u2212]|$)/.test(name)) return name;
  } catch {
    // An unknown zone: its id's last part below.
  }
  const city = (zone.split('/').pop() ?? zone).replace(/_/g, ' ');
  return lang === 'en' ? `${city} time` : `${city}时间`;
}
