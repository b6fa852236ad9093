import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type TradeItem } from '@tradepad/contracts';
import { startHarness, type Harness } from './harness.ts';

const DATA = path.resolve(import.meta.dirname, '../../../../shared/data');

describe.skipIf(!fs.existsSync(path.join(DATA, 'EURUSD_M1.csv')))('FEED=replay:<dir> with the real M1 files', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { FEED: `replay:${DATA}`, REPLAY_SPEED: '600' } });
  });
  afterAll(async () => h.close());

  it('replays the files as live quotes, whatever the weekday, and shows those instruments open', async () => {
    const ws = await h.ws();
    ws.send({ type: 'sub', params: 'DAY_MARKET' });
    const seen = new Map<string, number>();
    for (let i = 0; i < 40 && seen.size < 3; i++) {
      const m = await ws.json('DAY_MARKET');
      seen.set(m.symbol as string, (m.quotation as { bid: number }).bid);
    }
    ws.close();
    expect([...seen.keys()].sort()).toEqual(expect.arrayContaining(['EURUSD', 'GBPUSD', 'USDJPY']));
    // Prices are the files' own (March 2017 EURUSD traded near 1.06).
    expect(seen.get('EURUSD')).toBeGreaterThan(1.03);
    expect(seen.get('EURUSD')).toBeLessThan(1.1);
    const list = (await h.call('GET', API.tradeList)).data as TradeItem[];
    expect(list.find((i) => i.Code === 'EURUSD')!.MarketStatus).toBe(1);
    // An instrument with no file gets no quotes and shows closed.
    expect(list.find((i) => i.Code === 'XAUUSD')!.MarketStatus).toBe(2);
  });
});
