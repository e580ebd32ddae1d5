import type { Lang } from '@app/contract/i18n';
import { formatDay } from '../../../lib/time/calendar-days.ts';

/**
 * A chart's day label (YYYY-MM-DD) in the language's date style, the app's own (calendar-days.ts):
 * "28 Nov" / "28 Nov 2024", "11月28日" / "2024年11月28日".
 */
export function dayLabel(date: string, lang: Lang, withYear = false): string {
  return formatDay(date, lang, withYear);
}

/**
 * The room (px, at the axis's 11 px type) a day label needs with a gap: the week bars label one
 * bar in every few so that no two labels meet. Chinese labels are wider ("2024年11月28日").
 */
export function dayLabelRoom(lang: Lang, withYear: boolean): number {
  if (lang === 'zh-Hans') return withYear ? 96 : 56;
  return withYear ? 76 : 46;
}
