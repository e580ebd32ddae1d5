import { useCallback, useEffect, useState } from 'react';

/**
 * Seconds left until a deadline, ticking every 250 ms (the SMS resend countdown of SPEC.md §4).
 * Based on the clock, not on counting ticks, so a throttled background tab still ends on time.
 */
export function useCountdown(): { remaining: number; start: (seconds: number) => void } {
  const [endAt, setEndAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endAt === null) return;
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= endAt) setEndAt(null);
    }, 250);
    return () => clearInterval(timer);
  }, [endAt]);

  const start = useCallback((seconds: number) => {
    const t = Date.now();
    setNow(t);
    setEndAt(t + seconds * 1000);
  }, []);

  const remaining = endAt === null ? 0 : Math.max(0, Math.ceil((endAt - now) / 1000));
  return { remaining, start };
}
