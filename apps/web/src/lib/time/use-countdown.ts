import { useLayoutEffect, useState } from 'react';

/**
 * Seconds left until `endAt` (epoch ms; null: nothing to wait for), ticking every 250 ms: the SMS
 * resend countdown of SPEC.md §4, on the login dialog (whose deadline comes from the per-phone send
 * store, so it survives a reopened dialog) and on the set-password page. Based on the clock, not on
 * counting ticks, so a throttled background tab still ends on time.
 */
export function useCountdown(endAt: number | null): number {
  const [now, setNow] = useState(() => Date.now());

  // A layout effect: a new deadline (another phone typed in) is shown against the current time
  // before the browser paints, never against the time of the last tick.
  useLayoutEffect(() => {
    setNow(Date.now());
    if (endAt === null) return;
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= endAt) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [endAt]);

  return endAt === null ? 0 : Math.max(0, Math.ceil((endAt - now) / 1000));
}
