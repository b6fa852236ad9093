import { afterEach, describe, expect, it } from 'vitest';
import { InProcessBus } from '../../ports/bus.ts';
import type { Feed } from './feed.ts';
import { FEED_CLOSED_EVERY_MS, FeedClosures } from './feed-closures.ts';

const CODES = ['EURUSD', 'XAUUSD', 'XAGUSD'];

/** A feed that cannot quote what `closed` names. */
function lpFeed(closed: Map<string, string>): Feed {
  return { start: () => {}, stop: () => {}, closedReason: (code: string) => closed.get(code) } as unknown as Feed;
}

describe('FeedClosures', () => {
  const made: FeedClosures[] = [];
  afterEach(() => made.splice(0).forEach((c) => c.close()));

  /** The leader (running `feed`) and a node without a feed, on one bus. */
  function pair(feed: Feed) {
    const bus = new InProcessBus();
    let now = 1_000_000;
    const told: Array<Record<string, string>> = [];
    bus.onFeedClosed(({ closed }) => told.push(closed));
    const leader = new FeedClosures({ bus, feed: () => feed, codes: () => CODES, now: () => now });
    const api = new FeedClosures({ bus, feed: () => undefined, codes: () => CODES, now: () => now });
    made.push(leader, api);
    return { leader, api, told, later: (ms: number) => (now += ms) };
  }

  it('closes on a node without the feed what the feed node cannot quote, and opens it again when it can', () => {
    const closed = new Map([['XAGUSD', 'not mapped in the feed file']]);
    const { leader, api, told, later } = pair(lpFeed(closed));
    expect(api.reason('XAGUSD')).toBeUndefined();
    leader.tell();
    expect(leader.reason('XAGUSD')).toBe('not mapped in the feed file');
    expect(api.reason('XAGUSD')).toBe('not mapped in the feed file');
    expect(api.reason('EURUSD')).toBeUndefined();

    closed.delete('XAGUSD');
    closed.set('XAUUSD', 'rejected by every session: lp1: Unknown symbol');
    later(1_000);
    leader.tell();
    expect(api.reason('XAGUSD')).toBeUndefined();
    expect(api.reason('XAUUSD')).toBe('rejected by every session: lp1: Unknown symbol');
    expect(told).toHaveLength(2);
  });

  it('tells an unchanged set again only every few seconds, so a node that joins late learns it', () => {
    const { leader, told, later } = pair(lpFeed(new Map([['XAGUSD', 'not mapped in the feed file']])));
    leader.tell();
    later(1_000);
    leader.tell();
    expect(told).toHaveLength(1);
    later(FEED_CLOSED_EVERY_MS);
    leader.tell();
    expect(told).toHaveLength(2);
  });

  it('tells an empty set from a feed that closes nothing (a new leader clears what the old one closed)', () => {
    const { leader, told } = pair({ start: () => {}, stop: () => {} } as unknown as Feed);
    leader.start();
    expect(told).toEqual([{}]);
  });
});
