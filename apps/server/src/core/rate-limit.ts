import type { Clock } from '../ports/clock.ts';

/**
 * Fixed-window counters in memory, for limits that protect one node (uploads). The limits that protect sign-in and
 * sign-up must survive a restart and hold across nodes: they are the throttle module's, counted in the database.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Whether `key` has already used its whole allowance in the current window. */
  isBlocked(key: string): boolean {
    const w = this.current(key);
    return w !== undefined && w.count >= this.limit;
  }

  /** Counts one event; returns false when this event goes past the limit. */
  hit(key: string): boolean {
    const now = this.clock.now();
    const w = this.current(key) ?? { start: now, count: 0 };
    w.count += 1;
    this.windows.set(key, w);
    if (this.windows.size > 100_000) this.sweep();
    return w.count <= this.limit;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  /** Milliseconds until `key`'s window ends. */
  retryAfterMs(key: string): number {
    const w = this.current(key);
    return w ? Math.max(0, w.start + this.windowMs - this.clock.now()) : 0;
  }

  private current(key: string) {
    const w = this.windows.get(key);
    if (w && this.clock.now() - w.start >= this.windowMs) {
      this.windows.delete(key);
      return undefined;
    }
    return w;
  }

  private sweep(): void {
    const now = this.clock.now();
    for (const [k, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(k);
  }
}
