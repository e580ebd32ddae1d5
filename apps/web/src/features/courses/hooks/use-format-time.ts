import { useSettings } from '../../../lib/settings/settings-store.ts';
import { formatInZone, studentTimeZone, type TimeStyle } from '../../../lib/time/zoned-time.ts';

/**
 * An instant as text in the student's zone and language, for sentences ("available until …");
 * the class times themselves use <DateTime />, which adds Beijing time when the clocks differ.
 */
export function useFormatTime(): (iso: string, style?: TimeStyle) => string {
  const lang = useSettings((s) => s.language);
  return (iso, style = 'datetime') => formatInZone(iso, lang, studentTimeZone(), style);
}
