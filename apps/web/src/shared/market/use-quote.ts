import { useCallback, useSyncExternalStore } from 'react';
import { quoteStore, type Quote } from './quote-store.ts';

const noop = () => {};

/** One instrument's live quote; re-renders only when that instrument's quote changes. */
export function useQuote(forexId: number | null | undefined): Quote | undefined {
  const subscribe = useCallback(
    (listener: () => void) => (forexId === null || forexId === undefined ? noop : quoteStore.subscribe(forexId, listener)),
    [forexId],
  );
  const snapshot = () => (forexId === null || forexId === undefined ? undefined : quoteStore.get(forexId));
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
