import type { Bus } from '../../ports/bus.ts';
import type { Feed } from './feed.ts';

/** How often the node running the feed tells the others its closed instruments, changed or not (a late joiner learns). */
export const FEED_CLOSED_EVERY_MS = 5_000;

/**
 * Which instruments the feed cannot quote (DESIGN §14: an LP feed's unmapped symbols, or those every session rejected),
 * on every node. The node running the feed asks its feed and tells the others over the bus when the set changes and
 * every {@link FEED_CLOSED_EVERY_MS}; a node that does not run it (an API node, a standby) answers from the last set
 * told, so its trade list closes the same instruments as the leader's instead of showing them open on their hours.
 */
export class FeedClosures {
  private remote = new Map<string, string>();
  private told = '';
  private toldAt = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly d: {
      bus: Pick<Bus, 'publishFeedClosed' | 'onFeedClosed'>;
      feed: () => Feed | undefined;
      codes: () => readonly string[];
      now?: () => number;
    },
  ) {
    this.unsubscribe = d.bus.onFeedClosed((signal) => {
      // The node running the feed knows better than any message, its own included.
      if (!this.d.feed()) this.remote = new Map(Object.entries(signal.closed));
    });
  }

  /** Why `code` cannot trade on the feed now, or undefined. */
  reason(code: string): string | undefined {
    const feed = this.d.feed();
    if (feed) return feed.closedReason?.(code);
    return this.remote.get(code);
  }

  /** On the node that starts the feed: tells its set at once, then on every change and every few seconds. */
  start(): void {
    this.told = '';
    this.tell();
    this.timer = setInterval(() => this.tell(), 1_000);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  close(): void {
    this.stop();
    this.unsubscribe();
  }

  /** Publishes the feed's closed set when it changed or was last told {@link FEED_CLOSED_EVERY_MS} ago. */
  tell(): void {
    const feed = this.d.feed();
    if (!feed) return;
    const closed: Record<string, string> = {};
    if (feed.closedReason) {
      for (const code of this.d.codes()) {
        const why = feed.closedReason(code);
        if (why !== undefined) closed[code] = why;
      }
    }
    const text = JSON.stringify(closed);
    const now = (this.d.now ?? Date.now)();
    if (text === this.told && now - this.toldAt < FEED_CLOSED_EVERY_MS) return;
    this.told = text;
    this.toldAt = now;
    this.d.bus.publishFeedClosed({ closed });
  }
}
