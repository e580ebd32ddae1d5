import { addDays, addYears } from '@app/contract/progress-dates';

/** The periods the page offers (issue 37); `month` is the default. */
export const PERIODS = ['month', 'last30', 'term', 'all'] as const;
export type Period = (typeof PERIODS)[number];

export function isPeriod(value: string | null): value is Period {
  return (PERIODS as readonly string[]).includes(value ?? '');
}

/** Today's date in Beijing (the server counts its days there). */
export function beijingToday(now: number): string {
  return new Date(now + 8 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * The Beijing days a period covers, ending today. A term is the Chinese school half-year: the
 * autumn term from 1 September to the end of February, the spring term from 1 March to 31 August
 * (docs/decisions.md). "All time" is the two years the API reads at most.
 */
export function periodDates(period: Period, now: number): { from: string; to: string } {
  const to = beijingToday(now);
  const year = Number(to.slice(0, 4));
  const month = Number(to.slice(5, 7));
  switch (period) {
    case 'month':
      return { from: `${to.slice(0, 7)}-01`, to };
    case 'last30':
      return { from: addDays(to, -29), to };
    case 'term': {
      if (month >= 3 && month <= 8) return { from: `${year}-03-01`, to };
      return { from: month >= 9 ? `${year}-09-01` : `${year - 1}-09-01`, to };
    }
    case 'all': {
      // 29 February two years on is 28 February: start a day later to stay within two years.
      const from = addYears(to, -2);
      return { from: addYears(from, 2) < to ? addDays(from, 1) : from, to };
    }
  }
}
