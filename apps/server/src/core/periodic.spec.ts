import { afterEach, describe, expect, it, vi } from 'vitest';
import { runPeriodically } from './periodic.ts';

describe('runPeriodically', () => {
  afterEach(() => vi.useRealTimers());

  it('runs at once and then every period until stopped, never two runs at a time, failures to onError', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    let runs = 0;
    let release: (() => void) | undefined;
    const stop = runPeriodically(
      () => {
        runs += 1;
        if (runs === 2) return new Promise<void>((r) => (release = r));
        if (runs === 3) return Promise.reject(new Error('boom'));
        return Promise.resolve();
      },
      1000,
      (err) => errors.push(err),
    );
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    // The second run has not finished: the next period skips.
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    release!();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(3);
    expect(errors.map((e) => (e as Error).message)).toEqual(['boom']);
    stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(3);
  });
});
