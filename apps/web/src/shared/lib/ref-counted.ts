/**
 * One resource shared by however many holders: `start` runs when the first holder arrives and the stop it returns
 * runs when the last one leaves. Each holder's release works once, however often it is called.
 */
export function refCounted(start: () => () => void): () => () => void {
  let holders = 0;
  let stop: (() => void) | null = null;
  return () => {
    holders += 1;
    if (holders === 1) stop = start();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      holders -= 1;
      if (holders === 0) {
        stop?.();
        stop = null;
      }
    };
  };
}
