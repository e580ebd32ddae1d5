import { describe, expect, it } from 'vitest';
import { STUDENT_QUOTAS, quotaRefusal } from './student-quotas.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const NOW = Date.UTC(2026, 10, 22, 9, 30);

/** `count` action times, newest first, `stepMs` apart, the newest `agoMs` before NOW. */
const times = (count: number, stepMs: number, agoMs = 0) =>
  Array.from({ length: count }, (_, i) => NOW - agoMs - i * stepMs);

describe('per-student quota rule', () => {
  it('allows up to the limit and reports the wait until the oldest counted action leaves the window', () => {
    const windows = STUDENT_QUOTAS.setPassword;
    expect(quotaRefusal(NOW, times(4, MINUTE), windows)).toBeNull();
    expect(quotaRefusal(NOW, times(5, MINUTE), windows)).toEqual({
      key: 'user.passwordTriesLimited',
      params: { minutes: 11 },
      retryAfterMs: 11 * MINUTE,
    });
    // Older actions no longer count.
    expect(quotaRefusal(NOW, times(5, MINUTE, 15 * MINUTE), windows)).toBeNull();
  });

  it('reports the longest wait when several windows are full, in that window’s unit', () => {
    // 20 complaints, the newest 5 within the last hour: both the hour and the day are full.
    const recent = [...times(5, MINUTE), ...times(15, MINUTE, 2 * HOUR)];
    const refusal = quotaRefusal(NOW, recent, STUDENT_QUOTAS.complaint);
    expect(refusal?.key).toBe('feedback.dayLimit');
    // The oldest of the 20 (2 h 14 min ago) leaves the day in 21 h 46 min: 22 hours, rounded up.
    expect(refusal?.retryAfterMs).toBe(24 * HOUR - (2 * HOUR + 14 * MINUTE));
    expect(refusal?.params).toEqual({ hours: 22 });
    // Only the hour full: its minutes.
    expect(quotaRefusal(NOW, times(5, MINUTE), STUDENT_QUOTAS.complaint)).toMatchObject({
      key: 'feedback.hourLimit',
      params: { minutes: 56 },
    });
  });
});
