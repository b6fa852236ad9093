import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, API, type TradeItem } from '@tradepad/contracts';
import { startHarness, type Harness } from './harness.ts';
import { staff } from './people.ts';

/** DESIGN §17 "Finding and knowing": the trade list's search finds instruments by name in the reader's language. */
describe('trade_list search by name', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  }, 120_000);
  afterAll(async () => h.close());

  const codes = async (searchCurrency: string, lang: string) =>
    ((await h.call('GET', API.tradeList, { searchCurrency }, { lang })).data as TradeItem[]).map((i) => i.Code).sort();

  it.each([
    ['gold', 'en', ['XAUUSD']],
    ['GOLD', 'de', ['XAUUSD']],
    ['黃金', 'hk', ['XAUUSD']],
    ['altin', 'tr', ['XAUUSD']],
    ['Bitcoin', 'jp', ['BTCUSD']],
    ['ビットコイン', 'jp', ['BTCUSD']],
    ['schweizer franken', 'de', ['EURCHF', 'USDCHF']],
    ['yen', 'fr', ['AUDJPY', 'EURJPY', 'GBPJPY', 'USDJPY']],
    ['Золото', 'ru', ['XAUUSD']],
    ['s&p500', 'en', ['SPX500']],
  ])('"%s" in %s finds %j', async (text, lang, expected) => {
    expect(await codes(text, lang)).toEqual(expected);
  });

  it('still finds by code in any language, and a name only in its own language or English', async () => {
    expect(await codes('xau', 'hk')).toEqual(['XAUUSD']);
    expect(await codes('BTC/USD', 'ar')).toEqual(['BTCUSD']);
    // "黃金" is the Traditional Chinese name: a German reader is not matched on it.
    expect(await codes('黃金', 'de')).toEqual([]);
    expect(await codes('zzz', 'en')).toEqual([]);
  });

  it('refuses a search longer than 40 characters', async () => {
    const r = await h.call('GET', API.tradeList, { searchCurrency: 'x'.repeat(41) }, { lang: 'en' });
    expect(r.code).not.toBe(1);
  });

  it("tells the app the broker's default_language for a first visit (hk until staff change it), and refuses another", async () => {
    expect((await h.call('GET', API.basicInfo)).data).toMatchObject({ default_language: 'hk' });
    const admin = await staff(h);
    const saved = await admin.postJson(ADMIN_API.settings, { default_language: 'de' });
    expect(saved.code, saved.msg).toBe(1);
    expect((await h.call('GET', API.basicInfo)).data).toMatchObject({ default_language: 'de' });
    expect((await admin.postJson(ADMIN_API.settings, { default_language: 'zh' })).code).toBe(0);
    const log = (await admin.get(ADMIN_API.audit, { action: 'settings.update' })).data.data[0];
    expect(JSON.stringify(log)).toContain('default_language');
  });
});
