import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API, API, type OrderView, type TradeItem } from '@tradepad/contracts';
import { ADMIN, chromiumPath, demoLogin, liveQuote, overflow, signedInPage, startE2E, type E2E } from './support/harness.ts';

/**
 * Published pricing in the browser (issue 31 point 1, DESIGN §14): staff put BTCUSD on a markup of 150 points per side;
 * the instrument's info sheet says so, and a fill's execution receipt names the price's source (the simulator here)
 * with its own bid and ask beside the published quote. Photographed at 390×844 in en, hk, ar and de.
 */
describe.skipIf(!chromiumPath())('published pricing in Chromium', () => {
  let e: E2E;
  let btc: TradeItem;
  beforeAll(async () => {
    e = await startE2E();
    btc = await liveQuote(e);
    const token = await e.staffLogin(ADMIN);
    const res = await fetch(`${e.baseUrl}${ADMIN_API.instruments}/${btc.Id}`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json', lang: 'en' },
      body: JSON.stringify({ pricing: 'markup', markup: 150 }),
    });
    expect(((await res.json()) as { code: number }).code).toBe(1);
  });
  afterAll(async () => e?.close());

  it.each(['en', 'hk', 'ar', 'de'])('shows the pricing on the info sheet and the source on the receipt in %s', async (lang) => {
    btc = await liveQuote(e);
    expect(btc).toMatchObject({ Pricing: 'markup', Markup: 150 });
    const login = await demoLogin(e, `e2e-pricing-${lang}-0000-0000-000000000000`);
    const opened = await e.api(
      'POST',
      API.submit,
      { type: '1', cont: '0.05', forex_id: String(btc.Id), multiple: '10', status: '1' },
      { authorization: login.token },
    );
    expect(opened.code, opened.msg).toBe(1);
    const order = opened.data.order as OrderView;
    expect(order.Receipt).toMatchObject({ Source: 'sim' });
    // The simulator quotes BTCUSD 2,000 points wide: the published quote is 150 points wider on each side.
    expect(Math.round((order.Receipt!.SourceBid - order.Receipt!.QuoteBid) * 100)).toBe(150);
    expect(Math.round((order.Receipt!.QuoteAsk - order.Receipt!.SourceAsk) * 100)).toBe(150);

    const { context, page } = await signedInPage(e, login, { lang });
    await page.goto('/trade?symbol=BTCUSD&period=1min');
    await page.getByTestId('trade-info').click();
    const pricing = page.getByTestId('info-pricing');
    await pricing.waitFor();
    expect(await pricing.textContent()).toMatch(/150/);
    await pricing.scrollIntoViewIfNeeded();
    await page.waitForTimeout(400);
    await e.shot(page, `pricing-info-${lang}`);
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    await page.goto('/order');
    await page.getByTestId(`order-row-${order.Id}`).click();
    const receipt = page.getByTestId('sheet-receipt');
    await receipt.waitFor();
    const text = (await receipt.textContent()) ?? '';
    expect(text).toMatch(/Simulator|模擬報價|المحاكي/);
    await receipt.scrollIntoViewIfNeeded();
    await page.waitForTimeout(500);
    await e.shot(page, `pricing-receipt-${lang}`);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await context.close();
  });
});
