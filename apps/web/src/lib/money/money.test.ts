import { describe, expect, it } from 'vitest';
import { formatCoins, formatFen } from './money.ts';

describe('formatFen', () => {
  it('shows fen as yuan with two decimals and the ¥ sign', () => {
    expect(formatFen(1234)).toBe('¥12.34');
    expect(formatFen(5)).toBe('¥0.05');
    expect(formatFen(0)).toBe('¥0.00');
    expect(formatFen(1999)).toBe('¥19.99');
  });

  it('groups thousands and puts the minus sign before ¥', () => {
    expect(formatFen(123456789)).toBe('¥1,234,567.89');
    expect(formatFen(-50)).toBe('-¥0.50');
  });

  it('refuses a fractional amount instead of rounding it silently', () => {
    expect(() => formatFen(12.5)).toThrow(RangeError);
  });
});

describe('formatCoins', () => {
  it('groups thousands and signs ledger lines on request', () => {
    expect(formatCoins(1200)).toBe('1,200');
    expect(formatCoins(30, { signed: true })).toBe('+30');
    expect(formatCoins(-30, { signed: true })).toBe('-30');
    expect(formatCoins(0, { signed: true })).toBe('0');
    expect(formatCoins(-5)).toBe('-5');
  });
});
