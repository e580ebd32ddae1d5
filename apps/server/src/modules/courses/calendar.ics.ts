/**
 * A small iCalendar (RFC 5545) writer for the class feed: text escaping (§3.3.11), line folding at
 * 75 octets without splitting a UTF-8 character (§3.1), CRLF line endings, UTC date-times.
 *
 * Times are written in UTC (`DTSTART:20261122T093000Z`): a class is an instant, every calendar
 * client shows UTC times in the device's own zone, and no VTIMEZONE has to be kept right (a student
 * abroad sees the class in local time, which is what they want).
 */

export type IcsEvent = {
  uid: string;
  start: number;
  end: number;
  summary: string;
  description: string;
  url: string;
  /** Minutes before the start of the reminder (VALARM). */
  alarmMinutesBefore: number;
  /** 0 for a class as booked; bumped when the class changes (not tracked: always 0). */
  sequence?: number;
};

export type IcsCalendar = {
  prodId: string;
  name: string;
  stamp: number;
  events: IcsEvent[];
};

/** `20261122T093000Z` */
export function icsUtc(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** TEXT value escaping: backslash, semicolon, comma and newlines. */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds a content line into lines of at most 75 octets, continuation lines starting with a space. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = 75;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      // A continuation line's leading space counts towards its 75 octets.
      limit = 74;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function renderIcs(calendar: IcsCalendar): string {
  const lines: string[] = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${calendar.prodId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    // Subscribed clients poll the feed about hourly (RFC 7986 REFRESH-INTERVAL; Outlook's TTL).
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
  ];
  const stamp = icsUtc(calendar.stamp);
  for (const event of calendar.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${icsUtc(event.start)}`,
      `DTEND:${icsUtc(event.end)}`,
      `SEQUENCE:${event.sequence ?? 0}`,
      `SUMMARY:${escapeText(event.summary)}`,
      `DESCRIPTION:${escapeText(event.description)}`,
      `URL:${event.url}`,
      'STATUS:CONFIRMED',
      'TRANSP:OPAQUE',
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      `DESCRIPTION:${escapeText(event.summary)}`,
      `TRIGGER:-PT${event.alarmMinutesBefore}M`,
      'END:VALARM',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
