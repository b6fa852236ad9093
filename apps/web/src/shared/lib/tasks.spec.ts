import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint, afterQuietNetwork, inTurns, nextTask, whenIdle } from './tasks.ts';

/** Lets `n` rounds of microtasks run (all of them within the current task). */
async function microtasks(n = 50): Promise<void> {
  for (let i = 0; i < n; i++) await Promise.resolve();
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('nextTask', () => {
  it('resolves in a later task: not at once, nor among the microtasks of the current one', async () => {
    let done = false;
    const next = nextTask().then(() => {
      done = true;
    });
    expect(done).toBe(false);
    await microtasks();
    expect(done).toBe(false);
    await next;
    expect(done).toBe(true);
  });

  it('resolves in the order it was called', async () => {
    const order: number[] = [];
    await Promise.all([1, 2, 3, 4].map((n) => nextTask().then(() => order.push(n))));
    expect(order).toEqual([1, 2, 3, 4]);
  });
});

describe('inTurns', () => {
  it('runs nothing at once, then each step in order, each in a task of its own', async () => {
    const log: string[] = [];
    // Each step starts a chain of microtasks: it ends before the next step, which waits for a new task.
    const steps = [1, 2, 3].map((n) => () => {
      log.push(`step ${n}`);
      void microtasks(20).then(() => log.push(`microtasks after ${n}`));
    });
    const turns = inTurns(steps);
    expect(log).toEqual([]);
    await microtasks();
    expect(log).toEqual([]);
    await turns;
    await nextTask();
    expect(log).toEqual(['step 1', 'microtasks after 1', 'step 2', 'microtasks after 2', 'step 3', 'microtasks after 3']);
  });

  it('goes on after a step that throws, and reports the error', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const boom = new Error('boom');
    const log: number[] = [];
    await inTurns([
      () => log.push(1),
      () => {
        throw boom;
      },
      () => log.push(3),
    ]);
    expect(log).toEqual([1, 3]);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith(boom);
  });

  it('does not wait for what a step returns', async () => {
    const log: string[] = [];
    await inTurns([() => new Promise(() => {}), () => log.push('next')]);
    expect(log).toEqual(['next']);
  });

  it('resolves with no steps', async () => {
    await expect(inTurns([])).resolves.toBeUndefined();
  });
});

describe('afterNextPaint', () => {
  it('waits for the next frame, then for the task after it (when the frame has been painted)', async () => {
    const frames: Array<() => void> = [];
    vi.stubGlobal('requestAnimationFrame', (cb: () => void) => frames.push(cb));
    const log: string[] = [];
    const painted = afterNextPaint().then(() => log.push('after paint'));
    await nextTask();
    expect(log).toEqual([]);
    expect(frames).toHaveLength(1);
    frames[0]!();
    log.push('frame');
    await microtasks();
    expect(log).toEqual(['frame']);
    await painted;
    expect(log).toEqual(['frame', 'after paint']);
  });
});

/** A stand-in for the browser's resource timing: `load()` reports a resource to every observer still connected. */
function fakeResourceTiming() {
  const observers = new Set<{ callback: () => void }>();
  class FakeObserver {
    static supportedEntryTypes = ['mark', 'measure', 'resource'];
    constructor(readonly callback: () => void) {}
    observe(options: { type: string }) {
      expect(options.type).toBe('resource');
      observers.add(this);
    }
    disconnect() {
      observers.delete(this);
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return {
    load: () => observers.forEach((o) => o.callback()),
    get connected() {
      return observers.size;
    },
  };
}

describe('afterQuietNetwork', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves once no resource has loaded for the quiet time, each load starting the wait again', async () => {
    vi.useFakeTimers();
    const timing = fakeResourceTiming();
    let done = false;
    void afterQuietNetwork(2000, 20_000).then(() => {
      done = true;
    });
    expect(timing.connected).toBe(1);
    await vi.advanceTimersByTimeAsync(1500);
    timing.load();
    await vi.advanceTimersByTimeAsync(1500);
    timing.load();
    await vi.advanceTimersByTimeAsync(1999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    expect(timing.connected).toBe(0);
  });

  it('resolves at the latest time even while resources keep loading, and stops observing', async () => {
    vi.useFakeTimers();
    const timing = fakeResourceTiming();
    let done = false;
    void afterQuietNetwork(2000, 10_000).then(() => {
      done = true;
    });
    for (let t = 0; t < 9_500; t += 500) {
      await vi.advanceTimersByTimeAsync(500);
      timing.load();
    }
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(500);
    expect(done).toBe(true);
    expect(timing.connected).toBe(0);
  });

  it('waits the quiet time where resource timing is missing', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('PerformanceObserver', undefined);
    let done = false;
    void afterQuietNetwork(2000, 20_000).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(1999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });
});

describe('whenIdle', () => {
  it('waits for an idle callback, giving the browser the timeout', async () => {
    const calls: Array<{ cb: () => void; timeout?: number }> = [];
    vi.stubGlobal('requestIdleCallback', (cb: () => void, options?: { timeout?: number }) =>
      calls.push({ cb, timeout: options?.timeout }),
    );
    let done = false;
    const idle = whenIdle(3000).then(() => {
      done = true;
    });
    await nextTask();
    expect(done).toBe(false);
    expect(calls).toEqual([{ cb: expect.any(Function), timeout: 3000 }]);
    calls[0]!.cb();
    await idle;
    expect(done).toBe(true);
  });

  it('falls back to a timer where idle callbacks are missing', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    await expect(whenIdle(3000)).resolves.toBeUndefined();
  });
});
