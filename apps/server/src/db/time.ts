/**
 * Instants are stored as epoch milliseconds (a bigint column may arrive as a string on PostgreSQL,
 * hence the `Number(...)` at the call sites) and replied as ISO 8601 UTC text, as the contract
 * spells them.
 */
export const iso = (ms: number): string => new Date(ms).toISOString();

/** A stored instant that may be absent (`paid_at`, `reply_at`, ...): null stays null. */
export const isoOrNull = (ms: number | null): string | null => (ms === null ? null : iso(Number(ms)));
