import { memo } from 'react';
import { toneClass } from '../../../shared/market/live-price.tsx';
import { useQuote } from '../../../shared/market/use-quote.ts';
import { useSparkline } from '../hooks/sparkline-store.ts';
import { sparklinePaths } from './sparkline-path.ts';

const WIDTH = 64;
const HEIGHT = 28;

/**
 * A row's small area chart, in the colour of the day's change. Re-renders for its own instrument only, and not while
 * `paused` (out of sight).
 */
export const Sparkline = memo(function Sparkline({
  forexId,
  fallbackChange,
  paused = false,
}: {
  forexId: number;
  fallbackChange: number;
  paused?: boolean;
}) {
  const closes = useSparkline(forexId, paused);
  const change = useQuote(forexId, paused)?.change ?? fallbackChange;
  const paths = sparklinePaths(closes, WIDTH, HEIGHT);
  return (
    <svg
      className={`sparkline ${toneClass(change)}`}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width={WIDTH}
      height={HEIGHT}
      aria-hidden="true"
      focusable="false"
    >
      {paths && (
        <>
          <path d={paths.area} fill="currentColor" fillOpacity="0.1" stroke="none" />
          <path d={paths.line} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" strokeLinecap="round" />
        </>
      )}
    </svg>
  );
});
