import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint, inTurns, nextTask } from './tasks.ts';

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
