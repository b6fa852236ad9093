import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN_API, API, type OrderView, type TradeItem } from '@tradepad/contracts';
import { ADMIN, chromiumPath, demoLogin, liveQuote, overflow, signedInPage, startE2E, type E2E } from './support/harness.ts';

/**
 * Overnight financing in the browser (issue 20 point 3): the instrument's info sheet shows the rates staff set, the
 * triple day in the trader's language and the 17:00 New York rollover in the trader's own time; a position shows its
 * swap on its row and in its sheet, counted in its P/L. The charging itself runs at 17:00 New York (the integration
 * test `swaps.test.ts` moves a clock across it); here the server's answers and pushes are given a swap of −18.75 USD
 * on their way to the page, so the screens can be photographed at 390×844 in hk, en, ar and de.
 */

const SWAP = '-18.75';

/** Adds the swap to an order's answer or push, its P/L moved by the same amount (as the server counts it). */
function withSwap<T extends { FactProfits: string; Swap?: string }>(o: T, decimals: number): T {
  return { ...o, Swap: Number(SWAP).toFixed(decimals), FactProfits: (Number(o.FactProfits) + Number(SWAP)).toFixed(2) };
}

async function giveSwaps(page: Page): Promise<void> {
  await page.route(/\/forex\/my_deal/, async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    if (body?.data?.data) body.data.data = (body.data.data as OrderView[]).map((o) => (o.Status === 1 ? withSwap(o, 6) : o));
    await route.fulfill({ response: res, json: body });
  });
  await page.routeWebSocket(/\/v1\/ws/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((m) => server.send(m));
    server.onMessage((m) => {
      if (typeof m !== 'string' || !m.includes('"FOREX_TRADE"')) return ws.send(m);
      const msg = JSON.parse(m) as { TransOrder?: Array<{ FactProfits: string; Swap?: string }> };
      if (Array.isArray(msg.TransOrder)) msg.TransOrder = msg.TransOrder.map((o) => withSwap(o, 2));
      ws.send(JSON.stringify(msg));
    });
  });
}

describe.skipIf(!chromiumPath())('overnight financing in Chromium', () => {
  let e: E2E;
  let btc: TradeItem;
  beforeAll(async () => {
    e = await startE2E();
    btc = await liveQuote(e);
    // Staff set the rates (the back office's instruments page calls the same).
    const token = await e.staffLogin(ADMIN);
    const res = await fetch(`${e.baseUrl}${ADMIN_API.instruments}/${btc.Id}`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json', lang: 'en' },
      body: JSON.stringify({ swap_long: '-6.25', swap_short: '1.2' }),
    });
    expect(((await res.json()) as { code: number }).code).toBe(1);
  });
  afterAll(async () => e?.close());

  it.each(['hk', 'en', 'ar', 'de'])('shows the swap on the position and the rates in the info sheet in %s', async (lang) => {
    const uuid = `e2e-swaps-${lang}-0000-0000-000000000000`;
    const login = await demoLogin(e, uuid);
    const token = login.token;
    const opened = await e.api(
      'POST',
      API.submit,
      { type: '1', cont: '0.05', forex_id: String(btc.Id), multiple: '10', status: '1' },
      { authorization: token },
    );
    expect(opened.code, opened.msg).toBe(1);
    const id = (opened.data.order as OrderView).Id;
    const { context, page } = await signedInPage(e, login, { lang });
    await giveSwaps(page);

    await page.goto('/order');
    await page.getByTestId(`order-swap-${id}`).waitFor();
    expect(await page.getByTestId(`order-swap-${id}`).textContent()).toMatch(/18[.,]75/);
    await page.waitForTimeout(500);
    await e.shot(page, `swaps-positions-${lang}`);
    await page.getByTestId(`order-row-${id}`).click();
    await page.getByTestId('order-sheet').waitFor();
    await page.waitForTimeout(500);
    await e.shot(page, `swaps-sheet-${lang}`);
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    await page.goto('/trade?symbol=BTCUSD&period=1min');
    await page.getByTestId('trade-info').click();
    await page.getByTestId('info-rollover').waitFor();
    expect(await page.getByTestId('info-swap-long').textContent()).toMatch(/6[.,]25/);
    expect(await page.getByTestId('info-rollover').textContent()).toMatch(/\d\d:\d\d/);
    await page.waitForTimeout(400);
    await e.shot(page, `swaps-info-${lang}`);
    await context.close();
  });
});
