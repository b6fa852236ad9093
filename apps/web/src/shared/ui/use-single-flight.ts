import { useCallback, useRef, useState } from 'react';

/**
 * Runs an async action at most once at a time: calls made while it runs are ignored, even two clicks in the same
 * frame (a ref, not state, decides), so a double tap never submits twice. `busy` drives the disabled button.
 */
export function useSingleFlight(): { busy: boolean; run(action: () => Promise<void>): Promise<void> } {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (action: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await action();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return { busy, run };
}
