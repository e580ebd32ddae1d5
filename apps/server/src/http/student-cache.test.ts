import { describe, expect, it } from 'vitest';
import { createAdjustableClock } from '../clock.ts';
import { createStudentCache, FRESH_SPREAD } from './student-cache.ts';

const FRESH_MS = 10_000;

describe('student reply cache: entries made together end apart', () => {
  it('keeps each entry between three quarters of the freshness limit and all of it, not all ending at once', () => {
    const clock = createAdjustableClock();
    clock.freeze();
    const cache = createStudentCache(clock, { freshMs: FRESH_MS, maxEntries: 1_000, maxBytes: 1 << 20 });
    const keys = Array.from({ length: 400 }, (_, i) => `student-${i}`);
    for (const key of keys) cache.set(key, 1, Buffer.from('{}'), 'application/json');
    const fresh = () => keys.filter((key) => cache.get(key, 1) !== undefined).length;

    clock.advance(FRESH_MS * (1 - FRESH_SPREAD) - 1);
    expect(fresh()).toBe(keys.length);
    clock.advance(FRESH_MS * (FRESH_SPREAD / 2));
    const halfway = fresh();
    expect(halfway).toBeGreaterThan(keys.length * 0.2);
    expect(halfway).toBeLessThan(keys.length * 0.8);
    clock.advance(FRESH_MS * (FRESH_SPREAD / 2) + 1);
    expect(fresh()).toBe(0);
  });

  it('ends an entry at the change by the clock it was given when that comes first', () => {
    const clock = createAdjustableClock();
    clock.freeze();
    const cache = createStudentCache(clock, { freshMs: FRESH_MS, maxEntries: 10, maxBytes: 1 << 20 });
    cache.set('a', 1, Buffer.from('{}'), 'application/json', clock.now() + 1_000);
    clock.advance(999);
    expect(cache.get('a', 1)).toBeDefined();
    expect(cache.get('a', 2)).toBeUndefined();
    clock.advance(1);
    expect(cache.get('a', 1)).toBeUndefined();
  });
});
