/**
 * A numeric list filter kept in the URL (`?type=300`, `?card_id=12`), so a reload or a shared link
 * shows the same records. Anything not among `allowed` (when given) or not a positive integer reads
 * as no filter.
 */
export function readNumberParam(raw: string | null, allowed?: readonly number[]): number | undefined {
  if (raw === null || !/^\d+$/.test(raw)) return undefined;
  const value = Number(raw);
  if (!Number.isSafeInteger(value)) return undefined;
  if (allowed) return allowed.includes(value) ? value : undefined;
  return value > 0 ? value : undefined;
}
