import { startTransition, useEffect, useState } from 'react';
import { afterNextPaint } from './tasks.ts';

/**
 * False on the first render, true once that render has been painted (and `prepare`, when given, has finished). For a
 * heavy part of a screen (a chart, a form): the screen's text paints first, then the part's code is fetched and
 * rendered in a transition, which React renders in small slices instead of one long task. `prepare` runs once, after
 * the paint, for work that part would otherwise do in one piece (readying its fonts: see warmFaces).
 */
export function useAfterPaint(prepare?: () => Promise<void>): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let live = true;
    void afterNextPaint()
      .then(() => (live && prepare ? prepare().catch(() => {}) : undefined))
      .then(() => {
        if (live) startTransition(() => setPainted(true));
      });
    return () => {
      live = false;
    };
    // `prepare` is read once, on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return painted;
}
