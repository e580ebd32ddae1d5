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
 * The exemplar city of the zones students abroad live in most (issue 33 §4: "伦敦时间", not
 * "Europe/London"): a city says which clock is meant in both languages, where Intl's generic names
 * name a country or a region ("英国时间", "北美东部时间").
 */
const ZONE_CITIES: Record<string, Record<Lang, string>> = {
  'Asia/Shanghai': { 'zh-Hans': '北京', en: 'Beijing' },
  'Asia/Hong_Kong': { 'zh-Hans': '香港', en: 'Hong Kong' },
  'Asia/Macau': { 'zh-Hans': '澳门', en: 'Macau' },
  'Asia/Taipei': { 'zh-Hans': '台北', en: 'Taipei' },
  'Asia/Tokyo': { 'zh-Hans': '东京', en: 'Tokyo' },
  'Asia/Seoul': { 'zh-Hans': '首尔', en: 'Seoul' },
  'Asia/Singapore': { 'zh-Hans': '新加坡', en: 'Singapore' },
  'Asia/Kuala_Lumpur': { 'zh-Hans': '吉隆坡', en: 'Kuala Lumpur' },
  'Asia/Bangkok': { 'zh-Hans': '曼谷', en: 'Bangkok' },
  'Asia/Dubai': { 'zh-Hans': '迪拜', en: 'Dubai' },
  'Europe/London': { 'zh-Hans': '伦敦', en: 'London' },
  'Europe/Dublin': { 'zh-Hans': '都柏林', en: 'Dublin' },
  'Europe/Paris': { 'zh-Hans': '巴黎', en: 'Paris' },
  'Europe/Berlin': { 'zh-Hans': '柏林', en: 'Berlin' },
  'Europe/Amsterdam': { 'zh-Hans': '阿姆斯特丹', en: 'Amsterdam' },
  'Europe/Madrid': { 'zh-Hans': '马德里', en: 'Madrid' },
  'Europe/Rome': { 'zh-Hans': '罗马', en: 'Rome' },
  'Europe/Moscow': { 'zh-Hans': '莫斯科', en: 'Moscow' },
  'America/New_York': { 'zh-Hans': '纽约', en: 'New York' },
  'America/Chicago': { 'zh-Hans': '芝加哥', en: 'Chicago' },
  'America/Denver': { 'zh-Hans': '丹佛', en: 'Denver' },
  'America/Los_Angeles': { 'zh-Hans': '洛杉矶', en: 'Los Angeles' },
  'America/Toronto': { 'zh-Hans': '多伦多', en: 'Toronto' },
  'America/Vancouver': { 'zh-Hans': '温哥华', en: 'Vancouver' },
  'Australia/Sydney': { 'zh-Hans': '悉尼', en: 'Sydney' },
  'Australia/Melbourne': { 'zh-Hans': '墨尔本', en: 'Melbourne' },
  'Australia/Brisbane': { 'zh-Hans': '布里斯班', en: 'Brisbane' },
  'Australia/Perth': { 'zh-Hans': '珀斯', en: 'Perth' },
  'Pacific/Auckland': { 'zh-Hans': '奥克兰', en: 'Auckland' },
};

/**
 * A time zone named in the student's language: "伦敦时间" / "London time" for the zones of the
 * table; otherwise Intl's generic name ("中欧时间" / "Central European Time"), which stays the same
 * through daylight saving time; the IANA city ("Buenos Aires time") where Intl has none.
 */
export function zoneName(zone: string, lang: Lang): string {
  const city = ZONE_CITIES[zone];
  if (city) return lang === 'en' ? `${city.en} time` : `${city['zh-Hans']}时间`;
  try {
    const name = new Intl.DateTimeFormat(INTL_LOCALE[lang], { timeZone: zone, timeZoneName: 'longGeneric' })
      .formatToParts(new Date())
      .find((p) => p.type === 'timeZoneName')?.value;
    // Intl answers "GMT+03:00" where it has no name in that language: the city says more.
    if (name && !/^(GMT|UTC)([+\-\u2212]|$)/.test(name)) return name;
  } catch {
    // An unknown zone: its id's last part below.
  }
  const last = (zone.split('/').pop() ?? zone).replace(/_/g, ' ');
  return lang === 'en' ? `${last} time` : `${last}时间`;
}
