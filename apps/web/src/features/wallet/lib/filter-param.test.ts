import { describe, expect, it } from 'vitest';
import { readNumberParam } from './filter-param.ts';

describe('readNumberParam', () => {
  it('reads an allowed value', () => {
    expect(readNumberParam('300', [100, 300])).toBe(300);
    expect(readNumberParam('12')).toBe(12);
  });

  it('reads anything else as no filter', () => {
    expect(readNumberParam(null)).toBeUndefined();
    expect(readNumberParam('', [300])).toBeUndefined();
    expect(readNumberParam('301', [300])).toBeUndefined();
    expect(readNumberParam('-3')).toBeUndefined();
    expect(readNumberParam('0')).toBeUndefined();
    expect(readNumberParam('1e3')).toBeUndefined();
    expect(readNumberParam('99999999999999999999')).toBeUndefined();
  });
});
