/**
 * Start-up work in small pieces: a phone's main thread stays free for input and painting between them (each piece is
 * a separate task of the event loop, not one long one).
 */

/** Resolves in a new task, after whatever the browser has queued (a paint, input) has run. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Runs each step in a task of its own, in order; a step that throws does not stop the others. */
export async function inTurns(steps: ReadonlyArray<() => unknown>): Promise<void> {
  for (const step of steps) {
    await nextTask();
    try {
      step();
    } catch (err) {
      console.error(err);
    }
  }
}

/** Resolves once the next frame has been painted (in the task after the frame's animation callbacks). */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => void nextTask().then(resolve)));
}

/**
 * Resolves once no resource (script, style, fetch, image) has finished loading for `quietMs`, or at the latest after
 * `latestMs`: the moment a first screen has everything it asked for. Without resource timing it waits `quietMs`.
 */
export function afterQuietNetwork(quietMs: number, latestMs: number): Promise<void> {
  return new Promise((resolve) => {
    let quiet: ReturnType<typeof setTimeout> | undefined;
    let observer: PerformanceObserver | undefined;
    const done = () => {
      clearTimeout(quiet);
      clearTimeout(latest);
      observer?.disconnect();
      resolve();
    };
    const latest = setTimeout(done, latestMs);
    const restart = () => {
      clearTimeout(quiet);
      quiet = setTimeout(done, quietMs);
    };
    if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('resource')) {
      observer = new PerformanceObserver(restart);
      observer.observe({ type: 'resource' });
    }
    restart();
  });
}

/** Resolves when the browser is idle (or after `timeoutMs` at the latest; a timer where idle callbacks are missing). */
export function whenIdle(timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else setTimeout(resolve, 0);
  });
}
