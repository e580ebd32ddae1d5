import type { Lang } from '@app/contract/i18n';

const LOCALE: Record<Lang, string> = { 'zh-Hans': 'zh-CN', en: 'en-GB' };

/** A calendar day of the API (`YYYY-MM-DD`) as the instant Intl formats in UTC. */
function day(value: string): Date {
  return new Date(`${value}T00:00:00Z`);
}

/**
 * A range of calendar days (an IELTS bank's season) in the language's date style:
 * "2026年9月1日至12月31日", "1 Sept – 31 Dec 2026". Days, not instants: no time zone shifts them.
 */
export function formatDayRange(from: string, to: string, lang: Lang): string {
  const options: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', timeZone: 'UTC' };
  const withYear = new Intl.DateTimeFormat(LOCALE[lang], { ...options, year: 'numeric' });
  // ICU writes a Chinese range of days in digits ("2026/9/1 – 2026/12/31"): each end on its own,
  // the second without its year when the year is the same.
  if (lang === 'zh-Hans') {
    const sameYear = from.slice(0, 4) === to.slice(0, 4);
    const end = sameYear ? new Intl.DateTimeFormat(LOCALE[lang], options) : withYear;
    return `${withYear.format(day(from))}至${end.format(day(to))}`;
  }
  return withYear.formatRange(day(from), day(to));
}

/**
 * A calendar day of the API (`YYYY-MM-DD`) in the language's date style, as formatDayRange writes
 * each end: "28 Nov" / "28 Nov 2024", "11月28日" / "2024年11月28日" (never the US numeric "11/28").
 */
export function formatDay(value: string, lang: Lang, withYear = false): string {
  return new Intl.DateTimeFormat(LOCALE[lang], {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
    ...(withYear ? { year: 'numeric' } : {}),
  }).format(day(value));
}
