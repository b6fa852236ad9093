/**
 * Runs `task` now and then every `everyMs` on a timer that does not keep the process alive, each failure handed to
 * `onError`; a run still going when the next is due is not doubled. Returns the stop.
 */
export function runPeriodically(task: () => Promise<unknown>, everyMs: number, onError: (err: unknown) => void): () => void {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    void task()
      .catch(onError)
      .finally(() => (running = false));
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
