import { CHANNEL_DAY_MARKET, type FeedStatusMessage } from '@tradepad/contracts';
import type { Bus } from '../../ports/bus.ts';
import { isQuote } from './live-quotes.ts';

export interface FeedWatchDeps {
  bus: Bus;
  /** Hears every quote this node's own feed accepted (the leader's quotes reach its bus only when someone listens). */
  onQuote: (listener: () => void) => void;
  /**
   * Whether quotes can reach this node: it runs the feed itself, or its bus to the leader is up (always true for the
   * in-process bus). The leader's own sockets keep their quotes when Redis is lost, so they are never told otherwise.
   */
  quotesReach: () => boolean;
  /** Whether some market trades now: a quiet feed while every market is closed is not a stopped one. */
  anyOpen: () => boolean;
  /** How long without a quote, while a market is open, before the quotes count as stopped (FEED_SILENT_MS). */
  silentMs: number;
  /** Tells this node's DAY_MARKET sockets, and only them (each node judges its own quotes). */
  tell: (message: FeedStatusMessage) => void;
  /** How often the state is checked (ms). */
  everyMs?: number;
}

/**
 * Whether quotes flow to this node's sockets (DESIGN §15 "Redis lost"): not live when it follows the leader's quotes
 * and its bus to the other nodes is down (the leader's own feed needs no bus), or when no quote arrived (from its
 * feed, or from the leader's through the bus) for `silentMs` while a market is open (crypto trades all week in the
 * simulator; at a weekend with every market closed, silence is normal). Each change is told to the node's
 * DAY_MARKET subscribers as `FEED_STATUS`; a socket that subscribes while quotes are stopped is told at once
 * (`greeting`), so the app never shows a frozen price as live.
 *
 * Time here is real time (performance.now): quotes arrive in real time, whatever a test's clock says.
 */
export class FeedWatch {
  private live = true;
  private lastQuoteAt = performance.now();
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;

  constructor(private readonly d: FeedWatchDeps) {}

  start(): void {
    const heard = () => {
      this.lastQuoteAt = performance.now();
      if (!this.live) this.check();
    };
    this.d.onQuote(heard);
    this.unsubscribe = this.d.bus.subscribe({
      deliver: (channel, message) => {
        if (channel === CHANNEL_DAY_MARKET && isQuote(message)) heard();
      },
      deliverToUser: () => undefined,
      // Listening here must not make the feed publish to no one.
      hasSubscribers: () => false,
      listeners: () => [],
    });
    this.timer = setInterval(() => this.check(), this.d.everyMs ?? 500);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.unsubscribe?.();
  }

  /** Whether quotes flow now, as last told. */
  get isLive(): boolean {
    return this.live;
  }

  /** What a socket subscribing to DAY_MARKET is told at once: nothing while quotes flow. */
  greeting(): FeedStatusMessage | undefined {
    return this.live ? undefined : { type: 'FEED_STATUS', live: false };
  }

  /** Re-judges the state and tells the sockets of a change. */
  check(): void {
    const silent = performance.now() - this.lastQuoteAt > this.d.silentMs;
    const live = this.d.quotesReach() && !(silent && this.d.anyOpen());
    if (live === this.live) return;
    this.live = live;
    this.d.tell({ type: 'FEED_STATUS', live });
  }
}
