import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { z } from 'zod';
import { smsCodeSchema } from './auth.ts';
import { checkMobile, checkPassword, checkSmsCode } from './field-checks.ts';
import { mobileSchema, passwordSchema } from './validation.ts';

/** The schema's verdict on `value` as a field check gives it: undefined, or the first message key. */
const verdict = (schema: z.ZodType, value: string) => schema.safeParse(value).error?.issues[0]?.message;

/** Strings near each field's edges: digits, spaces, letters and CJK, of the lengths that matter. */
const fieldLike = fc.oneof(
  fc.string(),
  fc.stringMatching(/^\s*1[3-9]\d{9}\s*$/),
  fc.stringMatching(/^\d{0,12}$/),
  fc.string({ unit: fc.constantFrom('1', '0', ' ', 'a', '验', '\t'), minLength: 0, maxLength: 40 }),
);

describe('the login fields checked without zod', () => {
  it.each([
    [
      'mobile',
      checkMobile,
      mobileSchema,
      ['', '   ', '13800138000', ' 13800138000 ', '14012345678', '1380013'],
    ],
    [
      'SMS code',
      checkSmsCode,
      smsCodeSchema,
      ['', '123456', '012345', '12345', '1234567', '12a456', ' 123456'],
    ],
    [
      'password',
      checkPassword,
      passwordSchema,
      ['', '12345', '123456', 'x'.repeat(32), 'x'.repeat(33), '密码密码密码'],
    ],
  ] as const)('%s: the same verdict and message key as the schema', (_, check, schema, examples) => {
    for (const value of examples) expect(check(value), JSON.stringify(value)).toBe(verdict(schema, value));
    fc.assert(
      fc.property(fieldLike, (value) => {
        expect(check(value)).toBe(verdict(schema, value));
      }),
      { numRuns: 500 },
    );
  });

  it('refuses with the keys the form shows', () => {
    expect(checkMobile(' ')).toBe('validation.mobileRequired');
    expect(checkMobile('14012345678')).toBe('validation.mobileInvalid');
    expect(checkSmsCode('12a')).toBe('validation.smsCode');
    expect(checkPassword('12345')).toBe('validation.passwordLength');
    expect(checkMobile('13800138000')).toBeUndefined();
  });
});
