import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, API, type TradeItem } from '@tradepad/contracts';
import { ALWAYS_OPEN } from '@tradepad/domain';
import type { Harness } from './harness.ts';
import { startHarness } from './harness.ts';
import { demoUser, staff, type Staff } from './people.ts';

/**
 * Creating an instrument (issue 32 point 6, DESIGN §16) through HTTP, on the real simulator and clock: it is listed
 * in `trade_list` at once, the feed quotes it, its chart's history starts, the engine trades it; bad inputs are refused
 * by name; only super admins create; the creation is audited.
 */
describe('back office: creating an instrument', () => {
  let h: Harness;
  let admin: Staff;
  let dealer: Staff;

  /** Around the clock (a new crypto-like instrument), so the simulator quotes it whatever the day of the test. */
  const terms = (over: Record<string, unknown> = {}) => ({
    code: 'TPC',
    show_code: 'TPC/USD',
    names: { en: 'Tradepad Coin', hk: 'Tradepad 幣', ar: 'عملة تريدباد' },
    category_id: 5,
    precision: 2,
    contract_size: 1,
    start_price: '250.00',
    leverage: [2, 5],
    spread: 50,
    min_lots: '0.01',
    max_lots: '10',
    lot_step: '0.01',
    hours: { timeZone: 'UTC', rollover: 0, sessions: ALWAYS_OPEN },
    ...over,
  });

  const tradeItem = async (code: string) =>
    ((await h.call('GET', API.tradeList)).data as TradeItem[]).find((i) => i.Code === code);

  beforeAll(async () => {
    h = await startHarness();
    admin = await staff(h);
    dealer = await staff(h, 'dealer');
  }, 120_000);
  afterAll(async () => h?.close());

  it('creates one that trade_list lists, the feed quotes, the chart has history for and the engine trades', async () => {
    expect(await tradeItem('TPC')).toBeUndefined();
    const r = await admin.postJson(ADMIN_API.instruments, terms());
    expect(r.code, r.msg).toBe(1);
    expect(r.data).toMatchObject({
      Code: 'TPC',
      show_code: 'TPC/USD',
      names: { en: 'Tradepad Coin', hk: 'Tradepad 幣', ar: 'عملة تريدباد' },
      category_id: 5,
      precision: 2,
      contract_size: 1,
      leverage: [2, 5],
      spread: 50,
      pricing: 'fixed',
      enabled: true,
    });
    const id = r.data.Id as number;

    const listed = await tradeItem('TPC');
    expect(listed).toMatchObject({ Id: id, ShowCode: 'TPC/USD', PricePrecision: 2, ForexContNum: 1 });
    expect(listed!.HasForexMultiple.map((l) => l.Value)).toEqual([2, 5]);
    // Found by the names staff gave it, in the reader's language and in English.
    const search = async (text: string, lang: string) =>
      ((await h.call('GET', API.tradeList, { searchCurrency: text }, { lang })).data as TradeItem[]).map((i) => i.Code);
    expect(await search('幣', 'hk')).toContain('TPC');
    expect(await search('tradepad coin', 'ar')).toContain('TPC');
    expect(await search('تريدباد', 'ar')).toContain('TPC');

    // The simulator walks it from 250.00: a quote within a few seconds.
    let quoted: TradeItem | undefined;
    for (let i = 0; i < 60 && !(quoted && quoted.Bid > 0 && quoted.MarketStatus === 1); i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      quoted = await tradeItem('TPC');
    }
    expect(quoted!.Bid).toBeGreaterThan(200);
    expect(quoted!.Bid).toBeLessThan(300);
    expect(quoted!.MarketStatus).toBe(1);

    const bars = await h.call('GET', API.kline, { forex_id: id, period: '1min', limit: 100 });
    expect(bars.code, bars.msg).toBe(1);
    expect((bars.data as unknown[]).length).toBeGreaterThan(50);

    const demo = await demoUser(h);
    const order = await demo.post(API.submit, { type: 1, cont: '0.1', forex_id: id, status: 1, multiple: 5 });
    expect(order.code, order.msg).toBe(1);

    const audit = await h.app.tradepad.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'instrument.create')
      .executeTakeFirstOrThrow();
    expect(audit.target_id).toBe(String(id));
    expect(JSON.parse(audit.after_json!)).toMatchObject({ code: 'TPC', names: { en: 'Tradepad Coin' } });
    await h.expectLedgerSound();
  }, 60_000);

  it.each([
    ['a code taken', { code: 'EURUSD' }, /already exists/],
    ['a code with a slash', { code: 'EUR/X' }, /"code"/],
    ['no English name', { code: 'TPD', names: { hk: '幣' } }, /"names.en"/],
    ['a language the app does not have', { code: 'TPD', names: { en: 'X', xx: 'Y' } }, /"xx"/],
    ['a zero start price', { code: 'TPD', start_price: '0' }, /"start_price"/],
    ['too many decimals', { code: 'TPD', precision: 9 }, /"precision"/],
    ['a leverage not offered', { code: 'TPD', leverage: [7] }, /"leverage"/],
    ['lots that do not fit', { code: 'TPD', min_lots: '5', max_lots: '1' }, /lot terms/],
    [
      'overlapping sessions',
      {
        code: 'TPD',
        hours: {
          timeZone: 'UTC',
          rollover: 0,
          sessions: [
            { day: 1, open: 0, close: 600 },
            { day: 1, open: 540, close: 900 },
          ],
        },
      },
      /sessions are invalid/,
    ],
    ['an unknown category', { code: 'TPD', category_id: 99 }, /"category_id"/],
  ])('refuses %s with a clear message', async (_what, over, message) => {
    const r = await admin.postJson(ADMIN_API.instruments, terms(over));
    expect(r.code).not.toBe(1);
    expect(r.msg).toMatch(message);
  });

  it('lets only super admins create, and changes to its sessions go through the same check', async () => {
    const refused = await dealer.postJson(ADMIN_API.instruments, terms({ code: 'TPE' }));
    expect(refused.code).not.toBe(1);
    expect(await tradeItem('TPE')).toBeUndefined();

    const tpc = await tradeItem('TPC');
    const overlap = await admin.postJson(`${ADMIN_API.instruments}/${tpc!.Id}`, {
      hours: {
        timeZone: 'UTC',
        rollover: 0,
        sessions: [
          { day: 2, open: 60, close: 120 },
          { day: 2, open: 90, close: 200 },
        ],
      },
    });
    expect(overlap.msg).toMatch(/sessions are invalid/);
  });
});
