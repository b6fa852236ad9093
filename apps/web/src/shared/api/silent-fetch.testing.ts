import { vi } from 'vitest';

/** For specs: a network that never answers; each fetch waits until its signal aborts it. */
export const stubSilentFetch = () =>
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    ),
  );
