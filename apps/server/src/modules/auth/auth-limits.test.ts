import { describe, expect, it } from 'vitest';
import {
  budgetDayOf,
  budgetRefusal,
  codeCheckRefusal,
  passwordLoginRefusal,
  rollingWindowWait,
  smsSendRefusal,
} from './auth-limits.ts';

const MIN = 60_000;
const T = Date.UTC(2026, 10, 22, 9, 30);

describe('rolling windows', () => {
  it('wait until the max-th newest time leaves the window', () => {
    expect(rollingWindowWait(T, [], 1, MIN)).toBe(0);
    expect(rollingWindowWait(T, [T - 20_000], 1, MIN)).toBe(40_000);
    expect(rollingWindowWait(T, [T - MIN], 1, MIN)).toBe(0);
    expect(rollingWindowWait(T, [T - 1, T - 2, T - 50 * MIN], 3, 60 * MIN)).toBe(10 * MIN);
    expect(rollingWindowWait(T, [T - 1, T - 2, T - 61 * MIN], 3, 60 * MIN)).toBe(0);
  });
});

describe('SMS send limits', () => {
  it('report the limit with the longest wait when several apply', () => {
    const hourFull = [T - 10_000, T - 10 * MIN, T - 20 * MIN, T - 30 * MIN, T - 40 * MIN];
    expect(smsSendRefusal(T, hourFull, [])).toMatchObject({
      key: 'auth.smsHourLimit',
      params: { minutes: 20 },
    });
    expect(smsSendRefusal(T, [T - 10_000], [])).toMatchObject({
      key: 'auth.smsTooFrequent',
      params: { seconds: 50 },
    });
    const ipFull = Array.from({ length: 20 }, (_, i) => T - i * MIN - 1000);
    expect(smsSendRefusal(T, [], ipFull)).toMatchObject({ key: 'auth.smsIpLimit', params: { minutes: 41 } });
    expect(smsSendRefusal(T, [T - 2 * MIN], ipFull.slice(0, 19))).toBeNull();
  });

  it('count the budget per calendar day in China (UTC+8)', () => {
    expect(budgetDayOf(Date.UTC(2026, 10, 22, 15, 59))).toBe('2026-11-22');
    expect(budgetDayOf(Date.UTC(2026, 10, 22, 16, 0))).toBe('2026-11-23');
    expect(budgetRefusal(Date.UTC(2026, 10, 22, 15, 0))).toMatchObject({
      key: 'auth.smsBudget',
      retryAfterMs: 60 * MIN,
    });
  });
});

describe('password login limits', () => {
  const five = (newest: number, gap: number) => Array.from({ length: 5 }, (_, i) => newest - i * gap);

  it('lock for 15 min from the fifth failure within 15 min', () => {
    expect(passwordLoginRefusal(T, [], five(T - MIN, MIN))).toMatchObject({
      key: 'auth.passwordLocked',
      params: { minutes: 14 },
    });
    expect(passwordLoginRefusal(T, [], five(T - 15 * MIN, MIN))).toBeNull();
    expect(passwordLoginRefusal(T, [], five(T - MIN, 4 * MIN))).toBeNull(); // spread over 16 min
    expect(passwordLoginRefusal(T, [], five(T - MIN, MIN).slice(0, 4))).toBeNull();
  });

  it('refuse the 31st attempt of an IP within 15 min before looking at the phone', () => {
    const attempts = Array.from({ length: 30 }, (_, i) => T - i * 10_000);
    expect(passwordLoginRefusal(T, attempts, five(T, 1))).toMatchObject({ key: 'auth.ipLimited' });
    expect(passwordLoginRefusal(T, attempts.slice(0, 29), [])).toBeNull();
  });
});

describe('failed code checks per IP', () => {
  it('refuse the 31st failure within 15 min, until the oldest of the 30 leaves the window', () => {
    const failures = Array.from({ length: 30 }, (_, i) => T - i * 20_000); // newest first
    expect(codeCheckRefusal(T, failures.slice(0, 29))).toBeNull();
    expect(codeCheckRefusal(T, failures)).toEqual({
      key: 'auth.codeIpLimited',
      params: { minutes: 6 },
      retryAfterMs: 15 * MIN - 29 * 20_000,
    });
    expect(codeCheckRefusal(T + 15 * MIN - 29 * 20_000, failures)).toBeNull();
  });
});
