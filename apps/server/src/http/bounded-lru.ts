/**
 * The memory of the two reply caches (public-cache.ts, student-cache.ts): entries by key, least
 * recently used dropped first once there are more than `maxEntries` of them or their sizes add up
 * to more than `maxBytes`. A Map keeps insertion order, so re-inserting an entry on use makes the
 * first key the least recently used one. What an entry holds, when it is fresh and who may read it
 * stay the caller's.
 */
export type Sized = { readonly key: string; size: number };

export class BoundedLru<E extends Sized> {
  private readonly entries = new Map<string, E>();
  private total = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** Keys and bodies together, as the entries' `size` says. */
  get bytes(): number {
    return this.total;
  }

  /** The entry of `key` without marking it used. */
  peek(key: string): E | undefined {
    return this.entries.get(key);
  }

  /** Marks `entry` the most recently used (when it is still the one kept under its key). */
  touch(entry: E): void {
    if (this.entries.get(entry.key) !== entry) return;
    this.entries.delete(entry.key);
    this.entries.set(entry.key, entry);
  }

  /** Whether an entry of `size` could be kept at all. */
  fits(size: number): boolean {
    return this.maxEntries > 0 && size <= this.maxBytes;
  }

  /** Keeps `entry` in place of any under its key, then drops the least recently used beyond the bounds. */
  set(entry: E): void {
    const existing = this.entries.get(entry.key);
    if (existing) this.remove(existing);
    this.entries.set(entry.key, entry);
    this.total += entry.size;
    this.evict();
  }

  /** `entry` (still kept) grew by `bytes`, e.g. a compressed copy; the bounds are kept. */
  grow(entry: E, bytes: number): void {
    if (this.entries.get(entry.key) !== entry) return;
    entry.size += bytes;
    this.total += bytes;
    this.evict();
  }

  /** Drops `entry` when it is still the one kept under its key. */
  remove(entry: E): void {
    if (this.entries.get(entry.key) !== entry) return;
    this.entries.delete(entry.key);
    this.total -= entry.size;
  }

  values(): IterableIterator<E> {
    return this.entries.values();
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }

  private evict(): void {
    for (const oldest of this.entries.values()) {
      if (this.entries.size <= this.maxEntries && this.total <= this.maxBytes) return;
      this.remove(oldest);
    }
  }
}
