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
