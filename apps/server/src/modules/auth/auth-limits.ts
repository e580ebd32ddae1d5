import type { MessageKey } from '@app/contract/messages';
import { CHINA_OFFSET_MS, chinaDayStart } from '../../clock.ts';
import { rollingWindowWait } from '../../db/rolling-window.ts';

/**
 * The security limits of DESIGN.md §7 as pure rules over the times the database recorded; the
 * services feed them rows read inside a serialized transaction (src/db/locks.ts `lockKeys`).
 * All times are epoch milliseconds.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const SMS_LIMITS = {
  /** A code is valid this long after it was sent. */
  codeValidMs: 5 * MINUTE,
  /**
   * Wrong tries per bucket of a code (DESIGN.md §7 "Code binding"): 5 with the code's challenge (then
   * the code is dead), 5 without it (then only tries with the challenge are left).
   */
  maxTries: 5,
  /** Per phone: one send per minute, 5 per rolling hour, 10 per rolling 24 h. */
  resendMs: MINUTE,
  perPhonePerHour: 5,
  perPhonePerDay: 10,
  /** Per client IP: 20 sends per rolling hour. */
  perIpPerHour: 20,
  hourMs: HOUR,
  dayMs: DAY,
} as const;

/**
 * Failed code checks per client IP key (IPv4 address, IPv6 /64; http/client-ip.ts): every check that
 * did not let the student in counts, whatever the phone, so one network cannot guess its way through
 * the codes of many phones. 30 per rolling 15 min is far above what a student mistyping needs.
 */
export const CODE_CHECK_LIMITS = {
  maxFailuresPerIp: 30,
  ipWindowMs: 15 * MINUTE,
} as const;

export const PASSWORD_LIMITS = {
  /** 5 failures of one phone within 15 min lock its password login for 15 min. */
  maxFailures: 5,
  failureWindowMs: 15 * MINUTE,
  lockMs: 15 * MINUTE,
  /** At most 30 password attempts per client IP per rolling 15 min. */
  maxAttemptsPerIp: 30,
  ipWindowMs: 15 * MINUTE,
} as const;

/** A refusal with the message to send and how long until the call can succeed. */
export type Refusal = {
  key: MessageKey;
  params: Record<string, number>;
  retryAfterMs: number;
};

const ceilDiv = (ms: number, unit: number) => Math.max(1, Math.ceil(ms / unit));

function refusal(key: MessageKey, retryAfterMs: number): Refusal {
  const params: Record<string, number> =
    key === 'auth.smsTooFrequent'
      ? { seconds: ceilDiv(retryAfterMs, SECOND) }
      : key === 'auth.smsDayLimit'
        ? { hours: ceilDiv(retryAfterMs, HOUR) }
        : { minutes: ceilDiv(retryAfterMs, MINUTE) };
  return { key, params, retryAfterMs };
}

/** The rolling-window wait every limit here is counted with (src/db/rolling-window.ts). */
export { rollingWindowWait };

/**
 * Whether a code may be sent now. `phoneSends`: the phone's sends of the last 24 h, newest first
 * (at least `perPhonePerDay` of them when there are that many); `ipSends`: the IP's sends of the
 * last hour, newest first. When several limits apply, the one with the longest wait is reported,
 * so the student is not told "try again in a minute" and then refused again.
 */
export function smsSendRefusal(
  now: number,
  phoneSends: readonly number[],
  ipSends: readonly number[],
): Refusal | null {
  const candidates: Refusal[] = [];
  const resend = rollingWindowWait(now, phoneSends, 1, SMS_LIMITS.resendMs);
  if (resend > 0) candidates.push(refusal('auth.smsTooFrequent', resend));
  const hour = rollingWindowWait(now, phoneSends, SMS_LIMITS.perPhonePerHour, SMS_LIMITS.hourMs);
  if (hour > 0) candidates.push(refusal('auth.smsHourLimit', hour));
  const day = rollingWindowWait(now, phoneSends, SMS_LIMITS.perPhonePerDay, SMS_LIMITS.dayMs);
  if (day > 0) candidates.push(refusal('auth.smsDayLimit', day));
  const ip = rollingWindowWait(now, ipSends, SMS_LIMITS.perIpPerHour, SMS_LIMITS.hourMs);
  if (ip > 0) candidates.push(refusal('auth.smsIpLimit', ip));
  if (candidates.length === 0) return null;
  return candidates.reduce((a, b) => (b.retryAfterMs > a.retryAfterMs ? b : a));
}

/** Whether a code may be checked now; `ipFailures`: the IP's failed checks of the window, newest first. */
export function codeCheckRefusal(now: number, ipFailures: readonly number[]): Refusal | null {
  const { maxFailuresPerIp, ipWindowMs } = CODE_CHECK_LIMITS;
  const wait = rollingWindowWait(now, ipFailures, maxFailuresPerIp, ipWindowMs);
  return wait > 0 ? refusal('auth.codeIpLimited', wait) : null;
}

/** The day the global SMS budget counts against: the calendar day in China (YYYY-MM-DD). */
export function budgetDayOf(now: number): string {
  return new Date(now + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/** Refusal when the day's budget is spent: try again after midnight China time. */
export function budgetRefusal(now: number): Refusal {
  return refusal('auth.smsBudget', chinaDayStart(now) + DAY - now);
}

/**
 * Whether password login is allowed now. `ipAttempts`: the IP's attempts of the last 15 min,
 * newest first. `phoneFailures`: the phone's failed (or still pending) attempts since its last
 * successful password login, newest first, at least `maxFailures` of them when there are. The lock
 * starts at the fifth failure within 15 min and lasts 15 min; while locked no password is checked,
 * so no new failure is recorded and the newest five decide.
 */
export function passwordLoginRefusal(
  now: number,
  ipAttempts: readonly number[],
  phoneFailures: readonly number[],
): Refusal | null {
  const ip = rollingWindowWait(now, ipAttempts, PASSWORD_LIMITS.maxAttemptsPerIp, PASSWORD_LIMITS.ipWindowMs);
  if (ip > 0) return refusal('auth.ipLimited', ip);
  const { maxFailures, failureWindowMs, lockMs } = PASSWORD_LIMITS;
  if (phoneFailures.length >= maxFailures) {
    const newest = phoneFailures[0]!;
    const fifth = phoneFailures[maxFailures - 1]!;
    const lockedUntil = newest + lockMs;
    if (newest - fifth <= failureWindowMs && now < lockedUntil) {
      return refusal('auth.passwordLocked', lockedUntil - now);
    }
  }
  return null;
}
