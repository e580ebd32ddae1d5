import type { Lang } from '@app/contract/i18n';
import { BEIJING_TIME_ZONE, formatInZone, studentTimeZone, zoneOffsetMinutes } from './zoned-time.ts';

/**
 * A lesson card pays while `now < expires_at` (the server's rule). The student reads its validity
 * as the last day it can be used: the calendar day of the moment just before it expires, so a card
 * expiring at 00:00 was last usable the day before, never "valid until" a day it cannot be used on.
 */
export function lastUsableDay(expiresAt: string): string {
  return new Date(Date.parse(expiresAt) - 1).toISOString();
}

/** The last usable day in one zone, and the time it stops that day (null: usable all day). */
export type LastDay = { day: string; until: string | null };

function lastDayIn(expiresAt: string, lang: Lang, zone: string): LastDay {
  const until = formatInZone(expiresAt, lang, zone, 'time');
  return {
    day: formatInZone(lastUsableDay(expiresAt), lang, zone, 'date'),
    until: until === '00:00' ? null : until,
  };
}

/**
 * A card's last usable day in the student's zone and, when Beijing's clock differs, in Beijing time
 * (the time customer service and the cards' terms speak in).
 */
export function cardLastDay(
  expiresAt: string,
  lang: Lang,
  zone: string = studentTimeZone(),
): { local: LastDay; beijing: LastDay | null } {
  const at = new Date(expiresAt);
  const same =
    zone === BEIJING_TIME_ZONE || zoneOffsetMinutes(at, zone) === zoneOffsetMinutes(at, BEIJING_TIME_ZONE);
  return {
    local: lastDayIn(expiresAt, lang, zone),
    beijing: same ? null : lastDayIn(expiresAt, lang, BEIJING_TIME_ZONE),
  };
}
