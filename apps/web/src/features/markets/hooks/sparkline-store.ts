import { useEffect } from 'react';
import type { SparklineSeries } from '@tradepad/contracts/market/constants';
import { KeyedStore } from '../../../shared/lib/keyed-store.ts';
import { useKeyedValue } from '../../../shared/lib/use-keyed-value.ts';
import { quoteStore } from '../../../shared/market/quote-store.ts';
import { withLiveClose, type SparkSeries } from '../components/sparkline-path.ts';

/** The bar period of the server's sparkline closes (`abbreviated_cache_kline`: 48 bars of 30 minutes). */
const LIVE_STEP_MS = 30 * 60_000;
/** Points kept when the server sent none to start from. */
const MIN_POINTS = 30;

/** Sparkline closes by forex id: the server's recent closes, then live closes from the quote store. */
const sparklines = new KeyedStore<number, SparkSeries>();

/** Seeds from the server's closes, whose newest bar is the one forming at `now` (unix ms). */
export function seedSparklines(series: readonly SparklineSeries[], now = Date.now()): void {
  const slot = Math.floor(now / LIVE_STEP_MS);
  for (const s of series) {
    const closes = s.closes.filter((c) => Number.isFinite(c));
    sparklines.set(s.forex_id, { closes, lastSlot: closes.length ? slot : null, max: Math.max(closes.length, MIN_POINTS) });
  }
}

let holders = 0;
let unwatch: (() => void) | null = null;

/** Appends live closes to the sparklines while a list that draws them is on screen. */
export function useLiveSparklines(): void {
  useEffect(() => {
    holders += 1;
    if (holders === 1) {
      unwatch = quoteStore.watch((forexId, quote) => {
        const held = sparklines.get(forexId) ?? { closes: [], lastSlot: null, max: MIN_POINTS };
        sparklines.set(forexId, withLiveClose(held, quote.close, quote.time, LIVE_STEP_MS));
      });
    }
    return () => {
      holders -= 1;
      if (holders === 0) {
        unwatch?.();
        unwatch = null;
      }
    };
  }, []);
}

const none: readonly number[] = [];

/**
 * One instrument's sparkline closes, oldest first; re-renders only for that instrument, and not while `paused` (out
 * of sight: the newest closes show when it resumes).
 */
export function useSparkline(forexId: number, paused = false): readonly number[] {
  return useKeyedValue(sparklines, forexId, paused)?.closes ?? none;
}
