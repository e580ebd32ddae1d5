import { describe, expect, it } from 'vitest';
import { CODES } from '@app/contract/codes';
import { AppError } from './app-error.ts';
import { idempotencyOf } from './idempotency-header.ts';

describe('idempotencyOf', () => {
  it('gives nothing without the header', () => {
    expect(idempotencyOf({ headers: {}, body: { product_id: 1 } })).toEqual({});
  });

  it('gives the key and a hash of the body that field order does not change', () => {
    const a = idempotencyOf({ headers: { 'idempotency-key': 'k-1' }, body: { a: 1, b: [2, { c: 3 }] } });
    const b = idempotencyOf({ headers: { 'idempotency-key': 'k-1' }, body: { b: [2, { c: 3 }], a: 1 } });
    const other = idempotencyOf({ headers: { 'idempotency-key': 'k-1' }, body: { a: 2, b: [2, { c: 3 }] } });
    expect(a).toMatchObject({ idempotencyKey: 'k-1', requestHash: expect.any(String) });
    expect(b).toEqual(a);
    expect(other.idempotencyKey).toBe('k-1');
    expect(other).not.toEqual(a);
  });

  it('refuses an empty, too long or invisible key with a 400 before anything else', () => {
    for (const key of ['', 'a b', 'x'.repeat(256), 'é']) {
      let thrown: unknown;
      try {
        idempotencyOf({ headers: { 'idempotency-key': key }, body: {} });
      } catch (e) {
        thrown = e;
      }
      expect(thrown, JSON.stringify(key)).toBeInstanceOf(AppError);
      expect(thrown).toMatchObject({ code: CODES.BAD_REQUEST, messageKey: 'idempotency.keyInvalid' });
    }
  });
});
