import { useEffect, useState } from 'react';

/**
 * Whole seconds left until `endAt` (epoch ms; null: nothing to wait for), ticking every 250 ms from
 * the clock, not by counting ticks, so a throttled background tab still ends on time. The SMS
 * resend wait of the set-password page.
 */
export function useCountdown(endAt: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
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
