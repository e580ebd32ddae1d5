/**
 * The application's notion of "now" (epoch milliseconds). Services read time only through
 * `app.clock`, never `Date.now()`, so tests can move time forward (code expiry, lockouts, token
 * lifetimes) without sleeping.
 */
export type Clock = { now(): number };

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that runs with real time plus an offset the test advances. */
export type AdjustableClock = Clock & {
  /** Moves the clock forward by `ms` (negative moves it back). */
  advance(ms: number): void;
};

export function createAdjustableClock(): AdjustableClock {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance(ms) {
      offset += ms;
    },
  };
}

/** China has one time zone and no daylight saving: UTC+8 all year. */
export const CHINA_OFFSET_MS = 8 * 3_600_000;

const DAY_MS = 86_400_000;

/** The instant the calendar day in China holding `now` began (00:00 Beijing time). */
export function chinaDayStart(now: number): number {
  return Math.floor((now + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_OFFSET_MS;
}
