import { describe, expect, it } from 'vitest';
import { BoundedLru } from './bounded-lru.ts';

const entry = (key: string, size = 1) => ({ key, size });
const keys = (lru: BoundedLru<{ key: string; size: number }>) => [...lru.values()].map((e) => e.key);

describe('BoundedLru', () => {
  it('drops the least recently used entry beyond the count bound; a use makes an entry the newest', () => {
    const lru = new BoundedLru(3, 1_000);
    const a = entry('a');
    for (const e of [a, entry('b'), entry('c')]) lru.set(e);
    lru.touch(a);
    lru.set(entry('d'));
    expect(keys(lru)).toEqual(['c', 'a', 'd']);
    expect(lru.size).toBe(3);
  });

  it('keeps the bytes bound, also when a kept entry grows, and counts what it keeps', () => {
    const lru = new BoundedLru(10, 10);
    const a = entry('a', 4);
    lru.set(a);
    lru.set(entry('b', 4));
    expect(lru.bytes).toBe(8);
    lru.grow(a, 3); // 11 > 10: the least recently used (a itself) goes
    expect(keys(lru)).toEqual(['b']);
    expect(lru.bytes).toBe(4);
    expect(lru.fits(10)).toBe(true);
    expect(lru.fits(11)).toBe(false);
  });

  it('replaces the entry under a key, and ignores a stale entry in remove, touch and grow', () => {
    const lru = new BoundedLru(10, 100);
    const old = entry('a', 5);
    lru.set(old);
    const fresh = entry('a', 7);
    lru.set(fresh);
    expect(lru.bytes).toBe(7);
    lru.remove(old);
    lru.touch(old);
    lru.grow(old, 50);
    expect(lru.peek('a')).toBe(fresh);
    expect(lru.bytes).toBe(7);
    lru.remove(fresh);
    expect(lru.size).toBe(0);
    expect(lru.bytes).toBe(0);
  });

  it('keeps nothing with a bound of zero entries', () => {
    const lru = new BoundedLru(0, 100);
    expect(lru.fits(1)).toBe(false);
  });
});
