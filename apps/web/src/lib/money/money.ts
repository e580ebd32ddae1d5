/**
 * Money on screen (DESIGN.md §5): amounts travel as integers, fen (the CNY minor unit) in fields
 * ending `_fen`, and coins or lessons as counts. Formatting never goes through floating point, so
 * 1999 fen is always ¥19.99.
 */

const group = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** 1234 → "¥12.34", 123456 → "¥1,234.56", -50 → "-¥0.50" (a refund line). */
export function formatFen(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new RangeError(`fen must be an integer, got ${fen}`);
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  const yuan = Math.floor(abs / 100);
  const cents = String(abs % 100).padStart(2, '0');
  return `${sign}¥${group(String(yuan))}.${cents}`;
}

/** 1200 → "1,200"; `signed` gives a ledger line its direction: +30, -30, 0. */
export function formatCoins(coins: number, { signed = false }: { signed?: boolean } = {}): string {
  if (!Number.isSafeInteger(coins)) throw new RangeError(`coins must be an integer, got ${coins}`);
  const sign = coins < 0 ? '-' : signed && coins > 0 ? '+' : '';
  return `${sign}${group(String(Math.abs(coins)))}`;
}
