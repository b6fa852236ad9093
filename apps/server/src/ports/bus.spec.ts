import type { DayMarketMessage } from '@tradepad/contracts';
import { describe, expect, it } from 'vitest';
import { InProcessBus, type BusSubscriber, type UserMessage } from './bus.ts';

const quotation = { forex_id: 1, open: 1, high: 1, low: 1, close: 1, bid: 1, ask: 1, change: 0, volume: 0, time: 0 };
const dayMarket = (symbol: string): DayMarketMessage => ({ type: 'DAY_MARKET', symbol, quotation });

function recorder(listening: number[] = []) {
  const seen: Array<{ channel: string; message: object | UserMessage; key?: string; userId?: number }> = [];
  const subscriber: BusSubscriber = {
    deliver: (channel, message, key) => void seen.push({ channel, message, key }),
    deliverToUser: (userId, channel, message) => void seen.push({ channel, message, userId }),
    hasSubscribers: (channel) => channel === 'DAY_MARKET',
    listeners: () => listening,
  };
  return { seen, subscriber };
}

describe('InProcessBus', () => {
  it('hands every subscriber the very object published: no serialisation or copy per message', () => {
    const bus = new InProcessBus();
    const a = recorder();
    const b = recorder();
    bus.subscribe(a.subscriber);
    bus.subscribe(b.subscriber);
    const quote = dayMarket('EURUSD');
    const notice = () => ({ type: 'MARGIN_CALL' as const, HazardRate: 80, msg: 'Margin call' });
    bus.publish('DAY_MARKET', quote, 'EURUSD');
    bus.publishToUser(7, 'FOREX_TRADE', notice);
    for (const r of [a, b]) {
      expect(r.seen).toHaveLength(2);
      expect(r.seen[0]!.message).toBe(quote);
      expect(r.seen[0]!.key).toBe('EURUSD');
      expect(r.seen[1]).toMatchObject({ userId: 7, channel: 'FOREX_TRADE' });
      expect(r.seen[1]!.message).toBe(notice);
    }
  });

  it('asks its subscribers who listens, each user once, and forgets a subscriber that leaves', () => {
    const bus = new InProcessBus();
    const a = recorder([1, 2]);
    const b = recorder([2, 3]);
    const leave = bus.subscribe(a.subscriber);
    bus.subscribe(b.subscriber);
    expect(bus.hasSubscribers('DAY_MARKET')).toBe(true);
    expect(bus.hasSubscribers('KLINE.EURUSD')).toBe(false);
    expect([...bus.listeners('FOREX_TRADE')]).toEqual([1, 2, 3]);
    leave();
    expect([...bus.listeners('FOREX_TRADE')]).toEqual([2, 3]);
    bus.publish('DAY_MARKET', dayMarket('EURUSD'));
    expect(a.seen).toHaveLength(0);
    expect(b.seen).toHaveLength(1);
  });

  it('announces ended sessions to every listener as plain data, and forgets a listener that leaves', () => {
    const bus = new InProcessBus();
    const a: number[][] = [];
    const b: number[][] = [];
    const leave = bus.onSessionsRevoked(({ sessionIds }) => a.push([...sessionIds]));
    bus.onSessionsRevoked(({ sessionIds }) => b.push([...sessionIds]));
    const ids = [4, 5];
    bus.publishSessionsRevoked({ sessionIds: ids });
    bus.publishSessionsRevoked({ sessionIds: [] });
    leave();
    bus.publishSessionsRevoked({ sessionIds: [6] });
    expect(a).toEqual([[4, 5]]);
    expect(b).toEqual([[4, 5], [6]]);
    expect(JSON.parse(JSON.stringify({ sessionIds: ids }))).toEqual({ sessionIds: ids });
  });

  it('announces instrument changes (instruments_changed) to every listener as plain data', () => {
    const bus = new InProcessBus();
    const seen: number[][] = [];
    const leave = bus.onInstrumentsChanged(({ ids }) => seen.push([...ids]));
    bus.publishInstrumentsChanged({ ids: [1] });
    leave();
    bus.publishInstrumentsChanged({ ids: [2] });
    expect(seen).toEqual([[1]]);
  });

  it('announces changed users to every listener, none for an empty list', () => {
    const bus = new InProcessBus();
    const seen: number[][] = [];
    const leave = bus.onUsersChanged(({ userIds }) => seen.push([...userIds]));
    bus.publishUsersChanged({ userIds: [4, 5] });
    bus.publishUsersChanged({ userIds: [] });
    leave();
    bus.publishUsersChanged({ userIds: [6] });
    expect(seen).toEqual([[4, 5]]);
  });
});
