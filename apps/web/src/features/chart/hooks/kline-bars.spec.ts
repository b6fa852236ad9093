import { describe, expect, it } from 'vitest';
import type { KlinePoint } from '@tradepad/contracts/market/constants';
import { liveBarFor, mergeLiveBar, normalizeBars, prependOlder } from './kline-bars.ts';

const bar = (Time: number, Close = 1): KlinePoint => ({ Time, Open: 1, High: 2, Low: 0.5, Close, Volume: 1 });
const times = (bars: readonly KlinePoint[]) => bars.map((b) => b.Time);

describe('mergeLiveBar', () => {
  const bars = [bar(60), bar(120), bar(180, 1.1)];

  it('updates the newest bar when the push has its open time', () => {
    const r = mergeLiveBar(bars, bar(180, 1.2));
    expect(r.kind).toBe('update');
    expect(times(r.bars)).toEqual([60, 120, 180]);
    expect(r.bars[2]!.Close).toBe(1.2);
    expect(bars[2]!.Close).toBe(1.1);
  });

  it('appends a bar that opens after the newest', () => {
    const r = mergeLiveBar(bars, bar(240));
    expect(r.kind).toBe('append');
    expect(times(r.bars)).toEqual([60, 120, 180, 240]);
  });

  it('ignores a push older than the newest bar', () => {
    const r = mergeLiveBar(bars, bar(120, 9));
    expect(r.kind).toBe('ignore');
    expect(r.bars).toBe(bars);
  });

  it('starts an empty chart', () => {
    expect(mergeLiveBar([], bar(60))).toEqual({ kind: 'append', bars: [bar(60)] });
  });
});

describe('prependOlder', () => {
  it('puts an older page in front and counts what was added', () => {
    const r = prependOlder([bar(300), bar(360)], [bar(180), bar(240)]);
    expect(times(r.bars)).toEqual([180, 240, 300, 360]);
    expect(r.added).toBe(2);
  });

  it('drops bars the array already has, so an overlapping page adds no duplicates', () => {
    const r = prependOlder([bar(300), bar(360)], [bar(240), bar(300), bar(360)]);
    expect(times(r.bars)).toEqual([240, 300, 360]);
    expect(r.added).toBe(1);
  });

  it('sorts and de-duplicates the page itself', () => {
    const r = prependOlder([bar(300)], [bar(240), bar(120), bar(240, 5)]);
    expect(times(r.bars)).toEqual([120, 240, 300]);
    expect(r.bars[1]!.Close).toBe(5);
  });

  it('adds nothing from an empty page', () => {
    const r = prependOlder([bar(300)], []);
    expect(r.added).toBe(0);
    expect(times(r.bars)).toEqual([300]);
  });
});

describe('normalizeBars', () => {
  it('sorts by time and keeps one bar per time', () => {
    expect(times(normalizeBars([bar(120), bar(60), bar(120)]))).toEqual([60, 120]);
  });
});

describe('liveBarFor', () => {
  const push = (Period: string, ForexId = 1) => ({
    type: 'KLINE' as const,
    symbol: 'EURUSD',
    forex_id: ForexId,
    kline: { Period, ForexId, Code: 'EURUSD', Time: 600, Open: 1, High: 2, Low: 0.5, Close: 1.5, Volume: 3 },
  });

  it('takes the bar of this period and instrument', () => {
    expect(liveBarFor(push('5min') as never, 1, '5min')).toEqual({
      Time: 600,
      Open: 1,
      High: 2,
      Low: 0.5,
      Close: 1.5,
      Volume: 3,
    });
  });

  it('skips other periods, other instruments and malformed bars', () => {
    expect(liveBarFor(push('1min') as never, 1, '5min')).toBeNull();
    expect(liveBarFor(push('5min', 2) as never, 1, '5min')).toBeNull();
    expect(liveBarFor({ type: 'KLINE' }, 1, '5min')).toBeNull();
  });
});
