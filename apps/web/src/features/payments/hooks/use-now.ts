import { useEffect, useState } from 'react';

/** The time, re-read every `everyMs` while `running` (a countdown's clock); stops on unmount. */
export function useNow(everyMs: number, running = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const id = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(id);
  }, [everyMs, running]);
  return now;
}
