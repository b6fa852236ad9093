import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type OrderView, type TradeItem } from '@tradepad/contracts';
import { chromiumPath, demoLogin, liveQuote, overflow, signedInPage, startE2E, type E2E } from './support/harness.ts';

/**
 * Issue 20 in the browser: a partial close from the order's sheet (the position keeps its Id with the rest, the part
 * lands in History), the one-tap close from the positions list (asked first, then without asking once the setting is
 * off), the sheets photographed at 390×844 in hk, en, ar and de, none overflowing sideways.
 */

describe.skipIf(!chromiumPath())('richer orders in Chromium', () => {
  let e: E2E;
  let btc: TradeItem;
  beforeAll(async () => {
    e = await startE2E();
    btc = await liveQuote(e);
  });
  afterAll(async () => e?.close());

  /** A demo account made through the API, signed in on a new page in `lang`. */
  async function trader(lang: string, tag: string) {
    const uuid = `e2e-orders-${tag}-${lang}-0000-000000000000`;
    const login = await demoLogin(e, uuid);
    const token = login.token;
    const call = async (path: string, params: Record<string, string> = {}) => {
      const res = await e.api(path === API.deals || path === API.getBalance ? 'GET' : 'POST', path, params, {
        authorization: token,
      });
      expect(res.code, `${path}: ${res.msg}`).toBe(1);
      return res.data;
    };
    const { context, page } = await signedInPage(e, login, { lang });
    const buy = (cont: string, extra: Record<string, string> = {}) =>
      call(API.submit, { type: '1', cont, forex_id: String(btc.Id), multiple: '10', status: '1', ...extra });
    const holding = async () => (await call(API.deals, { status: '1', page: '1' })).data as OrderView[];
    return { context, page, call, buy, holding };
  }

  it('closes part of a position from its sheet: the rest keeps its Id, the part is in History with its parent', async () => {
    const t = await trader('en', 'part');
    const order = (await t.buy('0.05')).order as OrderView;
    await t.page.goto('/order');
    await t.page.getByTestId(`order-row-${order.Id}`).click();
    await t.page.getByTestId('order-sheet').waitFor();
    // The receipt of the fill is in the detail.
    await t.page.getByTestId('sheet-receipt').waitFor();
    await t.page.getByTestId('sheet-close-lots').fill('0.02');
    await t.page.getByTestId('sheet-close-order').click();
    await t.page.locator('.adm-dialog').getByText('Close 0.02 lots of your BTC/USD position').waitFor();
    await t.page.locator('.adm-dialog').getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(async () => (await t.holding()).map((o) => [o.Id, o.Quantity])).toEqual([[order.Id, '0.03']]);
    const history = (await t.call(API.deals, { status: '3', page: '1' })).data as OrderView[];
    expect(history.map((o) => [o.Quantity, o.ParentId])).toEqual([['0.02', order.Id]]);
    await t.context.close();
  });

  it('closes a position in one tap from the list, asking first unless the setting is off', async () => {
    const t = await trader('en', 'tap');
    const first = (await t.buy('0.01')).order as OrderView;
    const second = (await t.buy('0.01')).order as OrderView;
    await t.page.goto('/order');
    await t.page.getByTestId(`quick-close-${first.Id}`).click();
    await t.page.locator('.adm-dialog').getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => t.page.getByTestId(`order-row-${first.Id}`).count()).toBe(0);
    // Turn the confirmation off in the settings: the next tap closes at once.
    await t.page.goto('/mine/system');
    await t.page.getByTestId('system-quick-close-confirm').click();
    expect(await t.page.getByTestId('system-quick-close-confirm').getAttribute('aria-checked')).toBe('false');
    await t.page.goto('/order');
    await t.page.getByTestId(`quick-close-${second.Id}`).click();
    await expect.poll(() => t.page.getByTestId(`order-row-${second.Id}`).count()).toBe(0);
    expect(await t.page.locator('.adm-dialog').count()).toBe(0);
    expect(await t.holding()).toEqual([]);
    await t.context.close();
  });

  for (const lang of ['hk', 'en', 'ar', 'de']) {
    it(`lays the positions list and the changed sheets out in ${lang}`, async () => {
      const t = await trader(lang, 'shots');
      const held = (await t.buy('0.05', { trailing_distance: (btc.Bid * 0.01).toFixed(2) })).order as OrderView;
      await t.call(API.submit, {
        type: '1',
        cont: '0.05',
        forex_id: String(btc.Id),
        multiple: '10',
        status: '0',
        target_price: (Math.floor(btc.Bid * 95) / 100).toFixed(2),
        expire_at: String(Math.floor(Date.now() / 1000) + 86_400),
      });
      const check = async (name: string) => {
        await t.page.waitForTimeout(400);
        expect(await overflow(t.page), `${name} in ${lang} overflows`).toBeLessThanOrEqual(0);
        expect(await t.page.getAttribute('html', 'dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
        await e.shot(t.page, `orders-plus-${name}-${lang}`);
      };
      await t.page.goto('/order');
      await t.page.getByTestId(`order-row-${held.Id}`).waitFor();
      await check('holding');
      await t.page.getByTestId(`order-row-${held.Id}`).click();
      await t.page.getByTestId('order-sheet').waitFor();
      await check('sheet');
      await t.page.getByTestId('sheet-receipt').scrollIntoViewIfNeeded();
      await check('sheet-receipt');
      await t.page.getByTestId('sheet-edit-stops').click();
      await t.page.getByTestId('stops-trailing').waitFor();
      await check('stops');
      await t.page.goto('/order');
      await t.page.getByTestId('orders-tab-pending').click();
      await t.page.locator('[data-testid^="order-row-"]').first().click();
      await t.page.getByTestId('sheet-move-price').waitFor();
      await check('pending-sheet');
      // The ticket: a pending order's expiry (a date) and a trailing distance.
      await t.page.goto('/trade');
      await t.page.getByTestId('order-ticket').waitFor();
      await t.page.getByTestId('ticket-kind-pending').click();
      await t.page.getByTestId('ticket-expiry-date').click();
      await t.page.getByTestId('ticket-expiry-input').waitFor();
      await t.page.getByTestId('ticket-trailing').fill('100');
      await t.page.getByTestId('ticket-expiry-input').scrollIntoViewIfNeeded();
      await check('ticket');
      await t.context.close();
    });
  }
});
