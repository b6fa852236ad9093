import { startTransition, useEffect, useState } from 'react';
import { afterNextPaint } from './tasks.ts';

/**
 * False on the first render, true once that render has been painted. For a heavy part of a screen (a chart, a form):
 * the screen's text paints first, then the part's code is fetched and rendered in a transition, which React renders in
 * small slices instead of one long task.
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let live = true;
    void afterNextPaint().then(() => {
      if (live) startTransition(() => setPainted(true));
    });
    return () => {
      live = false;
    };
  }, []);
  return painted;
}
