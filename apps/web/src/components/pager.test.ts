import { describe, expect, it } from 'vitest';
import { pagerItems } from './pager.tsx';

describe('pagerItems', () => {
  it('lists every page when they fit', () => {
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps the first and last page and the current one with its neighbours', () => {
    expect(pagerItems(10, 20)).toEqual([1, 'gap-before', 9, 10, 11, 'gap-after', 20]);
  });

  it('shows as many numbers near either end as in the middle', () => {
    expect(pagerItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'gap-after', 20]);
    expect(pagerItems(3, 20)).toEqual([1, 2, 3, 4, 5, 'gap-after', 20]);
    expect(pagerItems(20, 20)).toEqual([1, 'gap-before', 16, 17, 18, 19, 20]);
    expect(pagerItems(18, 20)).toEqual([1, 'gap-before', 16, 17, 18, 19, 20]);
  });

  it('never leaves a gap of a single page', () => {
    for (let pages = 1; pages <= 30; pages += 1) {
      for (let current = 1; current <= pages; current += 1) {
        const numbers = pagerItems(current, pages).filter((item) => typeof item === 'number');
        expect(numbers).toContain(current);
        expect(numbers[0]).toBe(1);
        expect(numbers.at(-1)).toBe(pages);
        const items = pagerItems(current, pages);
        items.forEach((item, i) => {
          if (typeof item === 'number') return;
          const before = items[i - 1] as number;
          const after = items[i + 1] as number;
          expect(after - before).toBeGreaterThan(2);
        });
      }
    }
  });
});
