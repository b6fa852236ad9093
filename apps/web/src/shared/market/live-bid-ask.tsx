import { formatCount, formatPrice } from '../../i18n/format.ts';
import { useSettingsStore } from '../store/settings.store.ts';
import { useQuote } from './use-quote.ts';

/** The spread in points (units of the last price digit) between a bid and an ask, or undefined before a quote. */
export function spreadPoints(bid: number | undefined, ask: number | undefined, precision: number): number | undefined {
  if (bid === undefined || ask === undefined || !(bid > 0) || !(ask > 0)) return undefined;
  return Math.round((ask - bid) * 10 ** precision);
}

/** The live ask of an instrument in its precision (the bid is the `LivePrice`). */
export function LiveAsk({
  forexId,
  precision,
  fallback,
  paused = false,
  className,
  testId,
}: {
  forexId: number;
  precision: number;
  fallback?: number;
  paused?: boolean;
  className?: string;
  testId?: string;
}) {
  const lang = useSettingsStore((s) => s.lang);
  const ask = useQuote(forexId, paused)?.ask ?? fallback;
  return (
    <span className={['num', 'price', 'is-live', className ?? ''].filter(Boolean).join(' ')} data-testid={testId}>
      {formatPrice(ask, precision, lang)}
    </span>
  );
}

/** The live spread (ask − bid) in points; the trade list's spread until a quote is known. */
export function LiveSpread({
  forexId,
  precision,
  fallback,
  paused = false,
  className,
  testId,
}: {
  forexId: number;
  precision: number;
  fallback: number;
  paused?: boolean;
  className?: string;
  testId?: string;
}) {
  const lang = useSettingsStore((s) => s.lang);
  const q = useQuote(forexId, paused);
  const points = spreadPoints(q?.bid, q?.ask, precision) ?? fallback;
  return (
    <span className={['num', className ?? ''].filter(Boolean).join(' ')} data-testid={testId}>
      {formatCount(points, lang)}
    </span>
  );
}
