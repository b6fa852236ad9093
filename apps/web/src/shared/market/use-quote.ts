import { useKeyedValue } from '../lib/use-keyed-value.ts';
import { quoteStore, type Quote } from './quote-store.ts';

/**
 * One instrument's live quote; re-renders only when that instrument's quote changes. `paused` (a row scrolled out of
 * sight) keeps the quote of the last render without listening; un-pausing renders the newest one.
 */
export function useQuote(forexId: number | null | undefined, paused = false): Quote | undefined {
  return useKeyedValue(quoteStore, forexId, paused);
}
