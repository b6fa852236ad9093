import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, startE2E, type E2E } from './support/harness.ts';

/** Home shows live prices that change, chips filter, and a row opens a chart that updates (issue 3). */
describe.skipIf(!chromiumPath())('live markets in Chromium', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E({ HISTORY_DAYS: '2', HISTORY_LONG_DAYS: '450', SIM_SEED: '11' });
  });
  afterAll(async () => e?.close());

  it('shows prices that change, filters by category, and opens a live chart', async () => {
    const { context, page } = await e.newPage({ lang: 'en' });
    await page.goto('/');
    // Crypto trades every day of the week, so its prices move whenever the test runs. Its row is far down the list,
    // out of sight at first: off-screen rows do not follow their prices (one tick every few hundred ms).
    const price = page.getByTestId('market-price-BTCUSD');
    await price.waitFor();
    const offScreen = await price.textContent();
    await page.waitForTimeout(2_500);
    expect(await price.textContent()).toBe(offScreen);
    // In sight, the row renders the newest price and follows it.
    await price.scrollIntoViewIfNeeded();
    const first = await price.textContent();
    await expect.poll(() => price.textContent(), { timeout: 15_000 }).not.toBe(first);
    // The move flashes in its direction: an opacity animation of the layer behind the figures (composited, so the
    // page is not repainted on every frame of it).
    expect(await price.getAttribute('data-flash')).toMatch(/^(up|down)$/);
    const flashing = () =>
      page.evaluate(() =>
        document.getAnimations().some((a) => {
          const effect = a.effect as KeyframeEffect | null;
          return effect?.pseudoElement === '::before' && effect.getKeyframes().some((k) => k.opacity !== undefined);
        }),
      );
    await expect.poll(flashing, { timeout: 15_000, interval: 50 }).toBe(true);
    await e.shot(page, 'home-live-en');

    await page.getByTestId('category-chip-5').click();
    await expect.poll(() => page.getByTestId('market-row-EURUSD').count()).toBe(0);
    expect(await page.getByTestId('market-row-ETHUSD').count()).toBe(1);
    // Tapping the active chip clears the filter.
    await page.getByTestId('category-chip-5').click();
    await expect.poll(() => page.getByTestId('market-row-EURUSD').count()).toBe(1);

    await page.getByTestId('market-row-BTCUSD').click();
    await page.waitForURL((u) => u.pathname === '/trade');
    await expect.poll(() => page.getByTestId('trade-symbol').textContent()).toContain('BTC');
    await page.getByTestId('chart').locator('canvas').first().waitFor();
    const tradePrice = page.getByTestId('trade-price');
    const p1 = await tradePrice.textContent();
    await expect.poll(() => tradePrice.textContent(), { timeout: 15_000 }).not.toBe(p1);
    await page.getByTestId('period-5min').click();
    await page.getByTestId('chart').locator('canvas').first().waitFor();
    await e.shot(page, 'trade-live-en');
    await context.close();
  });

  it('lays home and trade out right to left in Arabic', async () => {
    const { context, page } = await e.newPage({ lang: 'ar' });
    await page.goto('/');
    await page.getByTestId('market-price-BTCUSD').waitFor();
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await e.shot(page, 'home-live-ar');
    await page.getByTestId('market-row-BTCUSD').click();
    await page.getByTestId('chart').locator('canvas').first().waitFor();
    await e.shot(page, 'trade-live-ar');
    await context.close();
  });

  it('searches instruments on /product', async () => {
    const { context, page } = await e.newPage({ lang: 'en' });
    await page.goto('/product');
    await page.getByTestId('product-search').fill('jpy');
    await expect.poll(() => page.locator('[data-testid^="product-row-"]').count()).toBe(4);
    await page.getByTestId('product-search').fill('zzzz');
    await page.getByTestId('no-data').waitFor();
    await context.close();
  });
});
