/** A plain calendar day (YYYY-MM-DD) as a short label in the language ("11/23", "11月23日"). */
export function dayLabel(date: string, lang: string, withYear = false): string {
  return new Intl.DateTimeFormat(lang, {
    timeZone: 'UTC',
    month: 'numeric',
    day: 'numeric',
    ...(withYear ? { year: 'numeric' } : {}),
  }).format(new Date(`${date}T00:00:00Z`));
}
