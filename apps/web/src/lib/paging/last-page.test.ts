import { describe, expect, it } from 'vitest';
import { lastPageInstead } from './last-page.ts';

const page = (records: number, total: number, size = 10) => ({
  records: Array.from({ length: records }, (_, i) => i),
  total,
  size,
});

describe('lastPageInstead', () => {
  it('names the last page when a later page comes back empty', () => {
    expect(lastPageInstead(page(0, 41, 12), 999)).toBe(4);
    expect(lastPageInstead(page(0, 10, 10), 2)).toBe(1);
    expect(lastPageInstead(page(0, 11, 10), 3)).toBe(2);
  });

  it('leaves a page with records, an empty list, page 1 and a pending list alone', () => {
    expect(lastPageInstead(page(2, 12, 10), 2)).toBeNull();
    expect(lastPageInstead(page(0, 0), 5)).toBeNull();
    expect(lastPageInstead(page(0, 30), 1)).toBeNull();
    expect(lastPageInstead(undefined, 7)).toBeNull();
    // Placeholder data of the old page while the last page loads: already there.
    expect(lastPageInstead(page(0, 41, 12), 4)).toBeNull();
  });
});
