import { useCallback, useSyncExternalStore } from 'react';
import { quoteStore, type Quote } from './quote-store.ts';

const noop = () => {};

/**
 * One instrument's live quote; re-renders only when that instrument's quote changes. `paused` (a row scrolled out of
 * sight) keeps the quote of the last render without listening; un-pausing renders the newest one.
 */
export function useQuote(forexId: number | null | undefined, paused = false): Quote | undefined {
  const subscribe = useCallback(
    (listener: () => void) =>
      forexId === null || forexId === undefined || paused ? noop : quoteStore.subscribe(forexId, listener),
    [forexId, paused],
  );
  const snapshot = () => (forexId === null || forexId === undefined ? undefined : quoteStore.get(forexId));
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
