import { useEffect, useState } from 'react';
import type { KeyedStore } from './keyed-store.ts';

/**
 * One key's value of a KeyedStore, re-rendering only when that key changes; `paused` keeps the value of the last
 * render without listening (the newest shows when it resumes). A missing key reads `undefined`.
 *
 * Through state, not `useSyncExternalStore`: a price changes several times a second, and a store read with
 * `useSyncExternalStore` that changes while React renders a transition (the first screen, the chart, the ticket) makes
 * React throw that work away and render the whole tree again in one blocking task (100–400 ms on a mid-range phone).
 * An update through state waits for the transition to commit instead. The price can then trail the store by up to a
 * frame where a component re-renders for another reason first, which is the same lag the store's frame batching gives.
 */
export function useKeyedValue<K, V>(store: KeyedStore<K, V>, key: K | null | undefined, paused = false): V | undefined {
  const fresh = key === null || key === undefined ? undefined : store.get(key);
  const [seen, setSeen] = useState<{ key: K | null | undefined; value: V | undefined }>(() => ({ key, value: fresh }));
  useEffect(() => {
    if (key === null || key === undefined || paused) return;
    const sync = () => {
      const value = store.get(key);
      setSeen((s) => (s.key === key && Object.is(s.value, value) ? s : { key, value }));
    };
    // What changed between the render and this effect.
    sync();
    return store.subscribe(key, sync);
  }, [store, key, paused]);
  return seen.key === key ? seen.value : fresh;
}
