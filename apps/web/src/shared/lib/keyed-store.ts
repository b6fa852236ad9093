/** Runs `flush` soon: on the next animation frame in a browser, so a burst of updates costs one render. */
export type Schedule = (flush: () => void) => void;

const nextFrame: Schedule = (flush) => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => flush());
  else queueMicrotask(flush);
};

/**
 * Values by key where each key has its own listeners (for `useSyncExternalStore` with a per-key subscription): a
 * change to one key wakes only that key's listeners, so one row re-renders, not the list. Reads are immediate;
 * notifications are batched per `schedule` (a frame by default), once per changed key.
 */
export class KeyedStore<K, V> {
  private readonly values = new Map<K, V>();
  private readonly listeners = new Map<K, Set<() => void>>();
  private readonly watchers = new Set<(key: K, value: V) => void>();
  private readonly dirty = new Set<K>();
  private scheduled = false;

  constructor(private readonly schedule: Schedule = nextFrame) {}

  get(key: K): V | undefined {
    return this.values.get(key);
  }

  /** Stores `value` (a new object per change: snapshots are compared by identity) and schedules its listeners. */
  set(key: K, value: V): void {
    if (Object.is(this.values.get(key), value)) return;
    this.values.set(key, value);
    for (const watcher of [...this.watchers]) watcher(key, value);
    if (!this.listeners.has(key)) return;
    this.dirty.add(key);
    if (this.scheduled) return;
    this.scheduled = true;
    this.schedule(() => this.flush());
  }

  /** Listens to one key. Returns the remover. */
  subscribe(key: K, listener: () => void): () => void {
    let set = this.listeners.get(key);
    if (!set) {
      set = new Set();
      this.listeners.set(key, set);
    }
    set.add(listener);
    return () => {
      const current = this.listeners.get(key);
      if (!current) return;
      current.delete(listener);
      if (current.size === 0) this.listeners.delete(key);
    };
  }

  /** Hears every change of every key, synchronously (to derive another store from this one). Returns the remover. */
  watch(watcher: (key: K, value: V) => void): () => void {
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }

  /** How many listeners a key has (for tests and diagnostics). */
  listenerCount(key: K): number {
    return this.listeners.get(key)?.size ?? 0;
  }

  private flush(): void {
    this.scheduled = false;
    const keys = [...this.dirty];
    this.dirty.clear();
    for (const key of keys) {
      const set = this.listeners.get(key);
      if (set) for (const listener of [...set]) listener();
    }
  }
}
