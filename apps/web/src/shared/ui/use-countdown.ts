import { useCallback, useEffect, useState } from 'react';
import { readStorage, writeStorage } from '../lib/storage.ts';

/** localStorage key prefix of a persisted countdown's deadline (unix ms). */
const KEY_PREFIX = 'tradepad.countdown.';

/**
 * A persisted deadline still ahead of `now` and no further than `maxSeconds` (a clock moved back, or text that is not
 * a deadline, is forgotten); null otherwise.
 */
export function liveDeadline(stored: string | null, now: number, maxSeconds: number): number | null {
  if (!stored || !/^\d{1,15}$/.test(stored)) return null;
  const at = Number(stored);
  return at > now && at - now <= maxSeconds * 1000 ? at : null;
}

/** Whole seconds left until `endsAt` (rounded up), 0 when idle or past. */
export const secondsLeft = (endsAt: number | null, now: number): number =>
  endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));

/**
 * Seconds left of a countdown started with `start(seconds)`; 0 when idle. With `persistAs`, the deadline outlives a
 * reload (issue 33: after a reload the code button had lost its countdown and the server answered "wait 1 seconds"),
 * and the countdown goes on from where it was, up to `maxSeconds`.
 */
export function useCountdown(persistAs?: string, maxSeconds = 3600): [number, (seconds: number) => void] {
  const key = persistAs ? KEY_PREFIX + persistAs : null;
  const [endsAt, setEndsAt] = useState<number | null>(() =>
    key ? liveDeadline(readStorage(key), Date.now(), maxSeconds) : null,
  );
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt === null) return;
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= endsAt) {
        setEndsAt(null);
        if (key) writeStorage(key, null);
      }
    }, 250);
    return () => clearInterval(timer);
  }, [endsAt, key]);
  const start = useCallback(
    (seconds: number) => {
      const t = Date.now();
      setNow(t);
      setEndsAt(t + seconds * 1000);
      if (key) writeStorage(key, String(t + seconds * 1000));
    },
    [key],
  );
  return [secondsLeft(endsAt, now), start];
}
