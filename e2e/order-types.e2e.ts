import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type OrderView, type TradeItem } from '@tradepad/contracts';
import { chromiumPath, demoLogin, liveQuote, overflow, signedInPage, startE2E, type E2E } from './support/harness.ts';

/**
 * Named order types in the browser (issue 33 point 2, DESIGN §17): the ticket offers the six pending orders by name; a
 * Buy Stop Limit shows its limit field, refuses a limit above its stop on the spot, and is placed with its stop and
 * limit; the chart then draws both. The ticket photographed at 390×844 in English.
 */

/** A number as the ticket prints it in English ("95,012.50"). */
const numberIn = (text: string | null): number => Number((/-?[\d,]+(?:\.\d+)?/.exec(text ?? '')?.[0] ?? 'NaN').replace(/,/g, ''));

describe.skipIf(!chromiumPath())('named order types in Chromium', () => {
  let e: E2E;
  let btc: TradeItem;
  beforeAll(async () => {
    e = await startE2E();
    btc = await liveQuote(e);
  });
  afterAll(async () => e?.close());

  it('places a buy stop limit from the ticket, with its stop and limit, and the chart draws both', async () => {
    const login = await demoLogin(e, 'e2e-order-types-0000-000000000000000');
    const { context, page } = await signedInPage(e, login, { lang: 'en', instrument: { forexId: btc.Id, code: 'BTCUSD' } });
    await page.goto('/trade');
    await page.getByTestId('order-ticket').waitFor();
    await expect.poll(() => page.getByTestId('ticket-submit').getAttribute('aria-disabled'), { timeout: 15_000 }).toBeNull();
    await page.getByTestId('ticket-lots').fill('0.01');
    await page.getByTestId('ticket-kind-pending').click();

    // The six by name.
    const names = await page.getByTestId('ticket-pending-type').locator('option').allTextContents();
    expect(names).toEqual(['Buy limit', 'Sell limit', 'Buy stop', 'Sell stop', 'Buy stop limit', 'Sell stop limit']);
    expect(await page.getByTestId('ticket-stop-limit-price').count()).toBe(0);
    await page.getByTestId('ticket-pending-type').selectOption('buy_stop_limit');
    expect(await page.getByTestId('ticket-side-buy').getAttribute('aria-checked')).toBe('true');
    await page.getByTestId('ticket-stop-limit-price').waitFor();

    const ask = numberIn(await page.getByTestId('ticket-side-buy').locator('.ticket-side-price').textContent());
    const stop = (Math.round(ask * 1.01 * 100) / 100).toFixed(2);
    const limit = (Math.round(ask * 1.005 * 100) / 100).toFixed(2);
    await page.getByTestId('ticket-price').fill(stop);
    // A limit above the stop is refused before sending.
    await page.getByTestId('ticket-stop-limit-price').fill((Number(stop) + 10).toFixed(2));
    await expect
      .poll(() =>
        page
          .locator('.ticket-field')
          .filter({ has: page.getByTestId('ticket-price') })
          .textContent(),
      )
      .toContain('The limit must be below the stop for a buy');
    await page.getByTestId('ticket-stop-limit-price').fill(limit);
    await expect.poll(() => page.getByTestId('ticket-margin').textContent()).toMatch(/^[\d,]+\.\d{2} USD$/);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    // The footer stays over the ticket's end: the limit field and its hint brought to the middle of the screen.
    await page.getByTestId('ticket-stop-limit-price').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await e.shot(page, 'ticket-stop-limit-en');

    await page.getByTestId('ticket-submit').click();
    await page.getByTestId('order-placed').waitFor();
    const deals = await e.api('GET', API.deals, { status: '0', page: '1' }, { authorization: login.token });
    const order = (deals.data.data as OrderView[])[0]!;
    expect(order).toMatchObject({ Kind: 'buy_stop_limit', OriginPrice: Number(stop), StopLimitPrice: Number(limit), Status: 0 });

    // The chart: the stop (the pending line) and the limit it becomes.
    await page.getByTestId('placed-done').click();
    await page.goto('/trade?symbol=BTCUSD&period=15min');
    await expect.poll(() => page.getByTestId('chart').getAttribute('data-order-lines'), { timeout: 15_000 }).toBe('2');

    // The order's sheet names the limit the stop will place.
    await page.goto('/order');
    await page.getByTestId('orders-tab-pending').click();
    await page.getByTestId(`order-row-${order.Id}`).click();
    await page.getByTestId('order-sheet').getByText('Limit price').waitFor();
    await context.close();
  });
});
