import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../providers/http.ts';

export interface Polled<T> {
  data: T | undefined;
  /** The last refusal's message (the server's, in the console's language), or ''. */
  error: string;
  /** When the shown data arrived (unix ms), 0 before. */
  at: number;
  /** Reads again now (after an action). */
  reload: () => void;
}

/**
 * Reads `load` now and again every `everyMs` while the page is shown (the live pages: positions' P/L, the risk page),
 * one read at a time: a slow answer is never overtaken, and a page hidden in a background tab stops reading. `key`
 * changes (filters, page) read again at once and drop the answer of the old key.
 */
export function usePoll<T>(load: (signal: AbortSignal) => Promise<T>, everyMs: number, key: string): Polled<T> {
  const [state, setState] = useState<{ data: T | undefined; error: string; at: number; key: string }>({
    data: undefined,
    error: '',
    at: 0,
    key,
  });
  const [tick, setTick] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    const ctl = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const run = () => {
      if (document.hidden) {
        timer = setTimeout(run, everyMs);
        return;
      }
      loadRef
        .current(ctl.signal)
        .then((data) => setState({ data, error: '', at: Date.now(), key }))
        .catch((err: unknown) => {
          if (ctl.signal.aborted) return;
          const message = err instanceof ApiError || err instanceof Error ? err.message : String(err);
          setState((s) => ({ ...s, error: message, key }));
          // The session is over: the console signs out on its next call; stop reading.
          if (err instanceof ApiError && err.status === 999) stopped = true;
        })
        .finally(() => {
          if (!ctl.signal.aborted && !stopped) timer = setTimeout(run, everyMs);
        });
    };
    run();
    return () => {
      ctl.abort();
      if (timer) clearTimeout(timer);
    };
  }, [key, everyMs, tick]);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  const current = state.key === key;
  return { data: current ? state.data : undefined, error: current ? state.error : '', at: state.at, reload };
}

/** A USD amount given as text ("-1234.50") in the console's locale, 2 decimals. */
export function money(text: string | null | undefined, locale: string): string {
  if (text === null || text === undefined || text === '') return '—';
  const n = Number(text);
  if (!Number.isFinite(n)) return text;
  return n.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** The colour of a signed amount: gains green, losses red. */
export const signColor = (text: string | null | undefined) =>
  text && Number(text) < 0 ? 'error.main' : text && Number(text) > 0 ? 'success.main' : 'text.primary';
