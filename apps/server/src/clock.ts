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
  /**
   * Stops the clock at the present instant: from then on only `advance` moves it. For a test that
   * checks a figure computed from elapsed time to the second (a retry-after), which real time
   * passing under a loaded machine would otherwise shift.
   */
  freeze(): void;
};

export function createAdjustableClock(): AdjustableClock {
  let offset = 0;
  let frozenAt: number | null = null;
  return {
    now: () => (frozenAt ?? Date.now()) + offset,
    advance(ms) {
      offset += ms;
    },
    freeze() {
      frozenAt ??= Date.now();
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
