/**
 * A JSON text column read back (tags, scores, a cue card): its value, or `fallback` when the column
 * is empty (null) or does not hold JSON, so one bad row cannot fail a whole list.
 */
export function parseJson<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
