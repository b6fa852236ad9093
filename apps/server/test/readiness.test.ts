import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type TradeItem } from '@tradepad/contracts';
import { ManualClock } from '../src/ports/clock.ts';
import { ScriptedFeed } from '../src/modules/market/scripted-feed.ts';
import { INSTRUMENTS } from '../src/modules/market/instruments.data.ts';
import { startHarness, type Harness } from './harness.ts';

/** A Wednesday afternoon in London: every market of the seed is open. */
const WEDNESDAY = Date.UTC(2026, 10, 18, 14, 0, 0);

/**
 * `/readyz` (DESIGN §10): ready once the database answers and, on the node that runs the engine, every open
 * instrument has a live quote; otherwise 503 with the reason. Every answer says the node's engine role.
 */
describe('readiness', () => {
  let h: Harness;
  let clock: ManualClock;
  let feed: ScriptedFeed;
  const readyz = async () => {
    const res = await fetch(`${h.baseUrl}/readyz`);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  /** Every instrument quotes again at its last price (twice: a lone print is held back by the bad-tick filter). */
  const tickAll = async () => {
    const items = (await h.call('GET', API.tradeList)).data as TradeItem[];
    for (const item of items) {
      const bid = item.ForexQuotations.Close.toFixed(item.PricePrecision);
      feed.pushPrice(item.Code, bid, clock.now());
      feed.pushPrice(item.Code, bid, clock.now());
    }
  };

  beforeAll(async () => {
    clock = new ManualClock(WEDNESDAY);
    feed = new ScriptedFeed(INSTRUMENTS);
    h = await startHarness({ clock, feed });
  }, 120_000);
  afterAll(async () => h?.close());

  it('is not ready while an open instrument has no live quote, and says which', async () => {
    clock.advance(60_000);
    const r = await readyz();
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({ status: 'unavailable', engine: 'leader', role: 'all' });
    expect(String(r.body.reason)).toMatch(/^no live quote: .*EURUSD/);
  });

  it('is ready once every open instrument quotes, and not again when the quotes go stale', async () => {
    await tickAll();
    expect(await readyz()).toEqual({ status: 200, body: { status: 'ready', role: 'all', engine: 'leader' } });
    clock.advance(11_000);
    expect((await readyz()).status).toBe(503);
    await tickAll();
    expect((await readyz()).status).toBe(200);
  });
});

describe('metrics with METRICS_TOKEN', () => {
  let h: Harness;
  const token = 'metrics-token-for-the-scraper';
  beforeAll(async () => {
    h = await startHarness({ env: { METRICS_TOKEN: token } });
  }, 120_000);
  afterAll(async () => h?.close());

  it('answers only a request bearing the token, even from this machine', async () => {
    expect((await fetch(`${h.baseUrl}/metrics`)).status).toBe(403);
    const res = await fetch(`${h.baseUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('tradepad_http_request_duration_seconds');
  });
});
