import { useCallback, useEffect, useState } from 'react';

/** Seconds left of a countdown started with `start(seconds)`; 0 when idle. */
export function useCountdown(): [number, (seconds: number) => void] {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt === null) return;
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= endsAt) setEndsAt(null);
    }, 250);
    return () => clearInterval(timer);
  }, [endsAt]);
  const start = useCallback((seconds: number) => {
    const t = Date.now();
    setNow(t);
    setEndsAt(t + seconds * 1000);
  }, []);
  const left = endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
  return [left, start];
}
