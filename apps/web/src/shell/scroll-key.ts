/**
 * The key a scroll position is saved and restored under. React Router keys each history entry, but
 * every document's first entry has the key "default": a page reached by a full load (the return from
 * Alipay or the cashier, issue 33 §3) got the position saved for an earlier document's first page.
 * Such an entry is keyed by its address instead, so it opens at the top unless it was seen before.
 */
export function scrollKey(location: { key: string; pathname: string; search: string }): string {
  return location.key === 'default' ? `${location.pathname}${location.search}` : location.key;
}
