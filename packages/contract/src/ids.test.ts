import { describe, expect, it } from 'vitest';
import { bodyIdSchema, bodyIntSchema, ID_MAX, queryIdSchema, queryIntSchema } from './ids.ts';

describe('ids in JSON bodies', () => {
  it('takes a JSON integer in range and nothing that only coerces to one', () => {
    expect(bodyIdSchema.parse(1)).toBe(1);
    expect(bodyIdSchema.parse(ID_MAX)).toBe(ID_MAX);
    for (const loose of [[1], true, '1', '0x10', '1e3', 1.5, ' 1', null, {}, 0, ID_MAX + 1, Number.NaN]) {
      expect(bodyIdSchema.safeParse(loose).success, JSON.stringify(loose)).toBe(false);
    }
    expect(bodyIntSchema({ min: 0, max: 5 }).safeParse(0).success).toBe(true);
  });
});

describe('ids in query strings', () => {
  it('turns plain decimal digits into the number, leading zeros included', () => {
    expect(queryIdSchema.parse('1')).toBe(1);
    expect(queryIdSchema.parse('0042')).toBe(42);
    expect(queryIdSchema.parse(String(ID_MAX))).toBe(ID_MAX);
    expect(queryIntSchema({ min: 0, max: Number.MAX_SAFE_INTEGER }).parse('1798761600000')).toBe(
      1798761600000,
    );
  });

  it('refuses every other spelling Number() would take, arrays and out-of-range values', () => {
    for (const loose of [
      '0x10',
      '1e3',
      ' 1',
      '1 ',
      '+1',
      '-1',
      '1.0',
      '1.5',
      '',
      'Infinity',
      '[1]',
      ['1'],
      ['1', '2'],
      true,
      '0',
      String(ID_MAX + 1),
      '99999999999999999',
    ]) {
      expect(queryIdSchema.safeParse(loose).success, JSON.stringify(loose)).toBe(false);
    }
  });
});
