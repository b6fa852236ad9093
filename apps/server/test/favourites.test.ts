import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type InstrumentInfo, type TradeItem } from '@tradepad/contracts';
import { ManualClock } from '../src/ports/clock.ts';
import { startHarness, type Harness } from './harness.ts';
import { demoUser, realUser } from './people.ts';

const MONDAY = Date.UTC(2026, 10, 16, 9, 0, 0);

/**
 * The markets list's watchlist and info sheet (issue 20 point 6): favourites are kept per signed-in user (migration
 * 020), in the order added, adding twice (even at once) keeps one, nobody sees another's list; `forex/info` answers an
 * instrument's sessions and overnight financing.
 */
describe('favourites and instrument info', () => {
  let h: Harness;
  let clock: ManualClock;
  let items: TradeItem[];

  beforeAll(async () => {
    clock = new ManualClock(MONDAY);
    h = await startHarness({ clock });
    items = (await h.call('GET', API.tradeList)).data as TradeItem[];
  });
  afterAll(async () => h?.close());

  it('adds, lists in order, ignores a repeat, removes, and keeps each user to their own list', async () => {
    const u = await realUser(h, clock);
    const other = await demoUser(h);
    const [a, b] = [items[2]!.Id, items[0]!.Id];

    expect((await u.get(API.favourites)).data).toEqual({ ids: [] });
    expect((await u.post(API.favouriteSet, { forex_id: a, on: 1 })).data).toEqual({ ids: [a] });
    clock.advance(1000);
    // Twenty adds of the same instrument at once keep one row.
    const burst = await Promise.all(Array.from({ length: 20 }, () => u.post(API.favouriteSet, { forex_id: b, on: 1 })));
    expect(burst.every((r) => r.code === 1)).toBe(true);
    expect((await u.get(API.favourites)).data).toEqual({ ids: [a, b] });

    expect((await other.get(API.favourites)).data).toEqual({ ids: [] });
    expect((await other.post(API.favouriteSet, { forex_id: a, on: 1 })).data).toEqual({ ids: [a] });

    expect((await u.post(API.favouriteSet, { forex_id: a, on: 0 })).data).toEqual({ ids: [b] });
    expect((await u.post(API.favouriteSet, { forex_id: a, on: 0 })).data).toEqual({ ids: [b] });
    expect((await other.get(API.favourites)).data).toEqual({ ids: [a] });
  });

  it('refuses an unknown instrument, a bad flag and a visitor without a session', async () => {
    const u = await realUser(h, clock);
    const unknown = await h.call('POST', API.favouriteSet, { forex_id: 999_999, on: 1 }, { authorization: u.token, lang: 'en' });
    expect(unknown).toMatchObject({ code: 0, msg: 'This instrument does not exist' });
    expect((await u.post(API.favouriteSet, { forex_id: items[0]!.Id, on: 2 })).code).toBe(0);
    expect((await u.post(API.favouriteSet, { forex_id: 'x', on: 1 })).code).toBe(0);
    expect((await h.call('GET', API.favourites)).code).toBe(999);
    expect((await h.call('POST', API.favouriteSet, { forex_id: items[0]!.Id, on: 1 })).code).toBe(999);
    expect((await u.get(API.favourites)).data).toEqual({ ids: [] });
  });

  it("answers an instrument's sessions in its own time zone and its swaps", async () => {
    const eur = items.find((i) => i.Code === 'EURUSD')!;
    const r = await h.call('GET', API.instrumentInfo, { forex_id: eur.Id });
    expect(r.code, r.msg).toBe(1);
    const info = r.data as InstrumentInfo;
    expect(info.Id).toBe(eur.Id);
    expect(info.TimeZone).toBe(eur.TimeZone);
    expect(info.Sessions.length).toBeGreaterThan(0);
    for (const s of info.Sessions) {
      expect(s.day).toBeGreaterThanOrEqual(0);
      expect(s.day).toBeLessThanOrEqual(6);
      expect(s.close).toBeGreaterThan(s.open);
    }
    expect(info).toMatchObject({
      SwapLong: expect.any(String),
      SwapShort: expect.any(String),
      SwapTripleDay: expect.any(Number),
    });
    expect((await h.call('GET', API.instrumentInfo, { forex_id: 999_999 })).code).toBe(0);
  });
});
