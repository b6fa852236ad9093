import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { API } from '@tradepad/contracts';
import { chromiumPath, demoLogin, overflow, signedInPage, startE2E, type E2E } from './support/harness.ts';

const LANDSCAPE = { width: 844, height: 390 };

/**
 * The chart tools of issue 33 point 4 (DESIGN §17): indicators with settings, drawings made with a finger and a mouse,
 * selected, moved and deleted, kept per instrument (this device for a visitor, the server for a trader, so another
 * device shows them), the 4H, 1W and 1MN periods on a period bar that scrolls in landscape; screens in en, hk and ar,
 * light and dark, upright and landscape.
 */
describe.skipIf(!chromiumPath())('chart tools', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E({ HISTORY_DAYS: '2', HISTORY_LONG_DAYS: '120', SIM_SEED: '11' });
  });
  afterAll(async () => e?.close());

  const chart = (page: Page) => page.getByTestId('chart');
  const ready = async (page: Page) => {
    await chart(page).locator('canvas').first().waitFor();
    await expect.poll(() => chart(page).getAttribute('data-status'), { timeout: 20_000 }).toBe('ready');
  };
  /** A point on the chart's price pane, as a share of its width and height. */
  const at = async (page: Page, fx: number, fy: number) => {
    const box = (await chart(page).boundingBox())!;
    return { x: box.x + box.width * fx, y: box.y + box.height * fy };
  };
  const stored = (page: Page, forexId: number) =>
    page.evaluate((id) => JSON.parse(localStorage.getItem(`tradepad.chart.layout.${id}`) ?? 'null'), forexId);

  it('adds an indicator with its settings and drawings by finger, moves and deletes one, all kept after a reload', async () => {
    const { context, page } = await e.newPage({ lang: 'en' });
    await page.goto('/trade?symbol=BTCUSD&period=5min');
    await ready(page);
    const btc = Number((await e.api('GET', API.tradeList)).data.find((i: { Code: string }) => i.Code === 'BTCUSD').Id);

    // A stochastic in a pane of its own, its %K period set to 9, and a second moving average.
    const before = await chart(page).locator('canvas').count();
    await page.getByTestId('chart-indicators').click();
    await page.getByTestId('indicator-menu').waitFor();
    await page.getByTestId('indicator-add-stoch').click();
    await page.getByTestId('indicator-add-ma').click();
    await page.getByTestId('indicator-add-ma').click();
    await page.getByTestId('indicator-edit-0').click();
    await page.getByTestId('indicator-param-k').fill('9');
    await page.getByTestId('indicator-color-3').click();
    await page.getByTestId('indicator-save').click();
    await expect.poll(() => chart(page).getAttribute('data-indicators')).toBe('stoch,ma,ma');
    await expect.poll(() => chart(page).locator('canvas').count()).toBeGreaterThan(before);
    await page.getByTestId('indicator-remove-2').click();
    await expect.poll(() => chart(page).getAttribute('data-indicators')).toBe('stoch,ma');
    await page.getByTestId('indicator-close').click();
    await page.getByTestId('indicator-menu').waitFor({ state: 'hidden' });

    // A horizontal line with one tap, a trend line with two taps (a finger: the phone's page has touch).
    await page.getByTestId('chart-draw').click();
    await page.getByTestId('draw-tool-hline').click();
    const p1 = await at(page, 0.4, 0.25);
    await page.touchscreen.tap(p1.x, p1.y);
    await expect.poll(() => chart(page).getAttribute('data-drawings')).toBe('1');
    await page.getByTestId('draw-tool-trend').click();
    const a = await at(page, 0.2, 0.45);
    const b = await at(page, 0.6, 0.3);
    await page.touchscreen.tap(a.x, a.y);
    await page.touchscreen.tap(b.x, b.y);
    await expect.poll(() => chart(page).getAttribute('data-drawings')).toBe('2');
    // A rectangle and a Fibonacci retracement dragged out with a mouse.
    // (All on the price pane, below the tools' strip: the stochastic has the pane below.)
    for (const [kind, fx, fy] of [
      ['rect', 0.7, 0.22],
      ['fib', 0.02, 0.2],
    ] as const) {
      await page.getByTestId(`draw-tool-${kind}`).click();
      const from = await at(page, fx, fy);
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(from.x + 60, from.y + 30, { steps: 4 });
      await page.mouse.up();
    }
    await expect.poll(() => chart(page).getAttribute('data-drawings')).toBe('4');
    // A text label, its words typed in the tools.
    await page.getByTestId('draw-tool-text').click();
    const tpos = await at(page, 0.15, 0.42);
    await page.touchscreen.tap(tpos.x, tpos.y);
    await page.getByTestId('draw-text-input').fill('Support');
    await expect.poll(async () => (await stored(page, btc))?.drawings?.length).toBe(5);

    // The horizontal line selected by a tap on it and dragged up: its price rises.
    const line = (await stored(page, btc)).drawings.find((d: { kind: string }) => d.kind === 'hline');
    await page.touchscreen.tap(p1.x + 40, p1.y);
    await page.getByTestId('draw-delete').waitFor();
    await page.mouse.move(p1.x + 40, p1.y);
    await page.mouse.down();
    await page.mouse.move(p1.x + 40, p1.y - 40, { steps: 5 });
    await page.mouse.up();
    await expect
      .poll(async () => (await stored(page, btc)).drawings.find((d: { key: string }) => d.key === line.key).points[0].price)
      .toBeGreaterThan(line.points[0].price);
    // The trend line selected and deleted.
    await page.touchscreen.tap((a.x + b.x) / 2, (a.y + b.y) / 2);
    await page.getByTestId('draw-delete').click();
    await expect.poll(() => chart(page).getAttribute('data-drawings')).toBe('4');

    await page.reload();
    await ready(page);
    await expect.poll(() => chart(page).getAttribute('data-indicators')).toBe('stoch,ma');
    await expect.poll(() => chart(page).getAttribute('data-drawings')).toBe('4');
    const kept = await stored(page, btc);
    expect(kept.indicators[0]).toMatchObject({ type: 'stoch', k: 9, d: 3, slowing: 3 });
    expect(kept.drawings.map((d: { kind: string }) => d.kind).sort()).toEqual(['fib', 'hline', 'rect', 'text']);
    // Another instrument has a layout of its own.
    await page.goto('/trade?symbol=EURUSD&period=5min');
    await ready(page);
    expect(await chart(page).getAttribute('data-drawings')).toBe('0');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await context.close();
  });

  it('keeps a trader’s indicators and drawings on the server: another device shows them', async () => {
    const login = await demoLogin(e, '00000033-9b7d-4c1e-8a2b-6d5e4f3a2b1c');
    const eth = Number((await e.api('GET', API.tradeList)).data.find((i: { Code: string }) => i.Code === 'ETHUSD').Id);
    {
      const { context, page } = await signedInPage(e, login, { lang: 'hk' });
      await page.goto('/trade?symbol=ETHUSD&period=15min');
      await ready(page);
      await page.getByTestId('chart-indicators').click();
      await page.getByTestId('indicator-add-atr').click();
      await page.getByTestId('indicator-add-bb').click();
      await page.getByTestId('indicator-close').click();
      await page.getByTestId('indicator-menu').waitFor({ state: 'hidden' });
      await page.getByTestId('chart-draw').click();
      await page.getByTestId('draw-tool-hline').click();
      const p = await at(page, 0.5, 0.3);
      await page.touchscreen.tap(p.x, p.y);
      await expect.poll(() => chart(page).getAttribute('data-drawings')).toBe('1');
      // Saved within a second of the last change.
      await expect
        .poll(
          async () =>
            (await e.api('GET', API.chartLayout, { forex_id: String(eth) }, { authorization: login.token })).data.layout,
          {
            timeout: 10_000,
          },
        )
        .toMatchObject({ indicators: [{ type: 'atr' }, { type: 'bb' }], drawings: [{ kind: 'hline' }] });
      // A change followed at once by a reload, well within the save's delay: saved as the page was left.
      await page.getByTestId('draw-tool-hline').click();
      const q = await at(page, 0.3, 0.42);
      await page.touchscreen.tap(q.x, q.y);
      await expect.poll(() => chart(page).getAttribute('data-drawings')).toBe('2');
      await page.reload();
      await expect
        .poll(
          async () =>
            (await e.api('GET', API.chartLayout, { forex_id: String(eth) }, { authorization: login.token })).data.layout.drawings
              .length,
          { timeout: 10_000 },
        )
        .toBe(2);
      await ready(page);
      // Nothing of it stays on the device.
      expect(await stored(page, eth)).toBeNull();
      await context.close();
    }
    const { context, page } = await signedInPage(e, login, { lang: 'en' });
    await page.goto('/trade?symbol=ETHUSD&period=1min');
    await ready(page);
    await expect.poll(() => chart(page).getAttribute('data-indicators')).toBe('atr,bb');
    await expect.poll(() => chart(page).getAttribute('data-drawings')).toBe('2');
    await context.close();
  });

  it('offers 4H, 1W and 1MN, the period bar scrolling in landscape so none is cut off', async () => {
    const { context, page } = await e.newPage({ lang: 'de', ...LANDSCAPE });
    await page.goto('/trade?symbol=BTCUSD&period=1min');
    await ready(page);
    await page.getByTestId('chart-fullscreen').click();
    await expect.poll(() => page.getByTestId('trade-market').getAttribute('class')).toContain('is-full');
    const bar = page.getByTestId('period-bar');
    for (const period of ['4hour', '1week', '1mon'] as const) {
      const tab = page.getByTestId(`period-${period}`);
      await tab.click();
      await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
      await ready(page);
      expect(Number(await chart(page).getAttribute('data-bars')), period).toBeGreaterThan(period === '1mon' ? 3 : 10);
      // The chosen period is wholly inside the bar (scrolled to when it was not).
      const [t, r] = [(await tab.boundingBox())!, (await bar.boundingBox())!];
      expect(t.x).toBeGreaterThanOrEqual(r.x - 2);
      expect(t.x + t.width).toBeLessThanOrEqual(r.x + r.width + 2);
    }
    expect(new URL(page.url()).searchParams.get('period')).toBe('1mon');
    // Every period can be reached: the bar scrolls back to the first.
    await page.getByTestId('period-1min').click();
    await expect.poll(() => page.getByTestId('period-1min').getAttribute('aria-selected')).toBe('true');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await context.close();
  });

  it('shows the order-placed dialog above the chart at 1280 px, and View orders leaves the chart without an error', async () => {
    const login = await demoLogin(e, '00000133-9b7d-4c1e-8a2b-6d5e4f3a2b1c');
    const { context, page } = await signedInPage(e, login, { lang: 'en' });
    await page.setViewportSize({ width: 1280, height: 800 });
    // With indicators in panes of their own and a drawing, as a trader would have them.
    const btc = Number((await e.api('GET', API.tradeList)).data.find((i: { Code: string }) => i.Code === 'BTCUSD').Id);
    const layout = {
      v: 1,
      indicators: [
        { key: 'm', type: 'macd', color: '#7048e8', fast: 12, slow: 26, signal: 9 },
        { key: 'r', type: 'rsi', color: '#1c7ed6', period: 14 },
      ],
      drawings: [{ key: 'h', kind: 'hline', color: '#e03131', points: [{ time: 1_767_225_600, price: 90_000 }] }],
    };
    const saved = await e.api(
      'POST',
      API.chartLayout,
      { forex_id: String(btc), layout: JSON.stringify(layout) },
      { authorization: login.token },
    );
    expect(saved.code, saved.msg).toBe(1);
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto('/trade?symbol=BTCUSD&period=1min');
    await ready(page);
    await page.getByTestId('ticket-side-buy').click();
    await page.getByTestId('ticket-lots').fill('0.1');
    await page.getByTestId('ticket-submit').click();
    const dialog = page.getByTestId('order-placed');
    await dialog.waitFor();
    await page.waitForTimeout(400);
    // What is on top at the dialog's middle and at its left edge (over the chart) is the dialog itself.
    const box = (await dialog.boundingBox())!;
    for (const [x, y] of [
      [box.x + box.width / 2, box.y + box.height / 2],
      [box.x + 8, box.y + 8],
    ] as const) {
      const onTop = await page.evaluate(
        ([px, py]) => !!document.elementFromPoint(px!, py!)?.closest('[data-testid="order-placed"]'),
        [x, y],
      );
      expect.soft(onTop, `dialog on top at ${x},${y}`).toBe(true);
    }
    await e.shot(page, 'chart-tools-placed-1280');
    // Tapped where it is (even were it under the chart, the next checks still run).
    await page.getByTestId('placed-orders').dispatchEvent('click');
    await page.waitForURL((u) => u.pathname === '/order');
    await page.waitForTimeout(1500);
    // Back to the chart and away again: drawn again each time, with the position's line, the panes and the drawing.
    for (let round = 0; round < 2; round++) {
      await page.goBack();
      await ready(page);
      await expect.poll(() => chart(page).getAttribute('data-order-lines')).toBe('1');
      await expect.poll(() => chart(page).getAttribute('data-indicators')).toBe('macd,rsi');
      await page.waitForTimeout(500);
      await page.goForward();
      await page.waitForURL((u) => u.pathname === '/order');
      await page.waitForTimeout(500);
    }
    await page.waitForTimeout(500);
    expect(errors.filter((m) => /disposed/i.test(m))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(['en', 'hk', 'ar', 'de'])('screens in %s, light and dark, upright and landscape', async (lang) => {
    for (const theme of ['light', 'dark'] as const) {
      for (const size of [{ width: 390, height: 844 }, LANDSCAPE]) {
        const { context, page } = await e.newPage({ lang, ...size });
        const layout = {
          v: 1,
          indicators: [
            { key: 'a', type: 'bb', color: '#1c7ed6', period: 20, deviations: 2 },
            { key: 'b', type: 'macd', color: '#7048e8', fast: 12, slow: 26, signal: 9 },
          ],
          drawings: [] as unknown[],
        };
        await context.addInitScript((l) => {
          for (let id = 1; id <= 60; id++) localStorage.setItem(`tradepad.chart.layout.${id}`, l);
        }, JSON.stringify(layout));
        await page.goto(`/trade?symbol=BTCUSD&period=4hour&theme=${theme}`);
        await ready(page);
        const landscape = size.width > size.height;
        if (landscape) await page.getByTestId('chart-fullscreen').click();
        await page.getByTestId('chart-draw').click();
        await page.getByTestId('draw-tool-fib').click();
        const from = await at(page, 0.25, 0.2);
        const to = await at(page, 0.6, landscape ? 0.45 : 0.4);
        await page.mouse.move(from.x, from.y);
        await page.mouse.down();
        await page.mouse.move(to.x, to.y, { steps: 4 });
        await page.mouse.up();
        await page.getByTestId('draw-tool-ray').click();
        const r = await at(page, 0.1, 0.45);
        await page.touchscreen.tap(r.x, r.y).catch(() => page.mouse.click(r.x, r.y));
        const r2 = await at(page, 0.4, 0.3);
        await page.touchscreen.tap(r2.x, r2.y).catch(() => page.mouse.click(r2.x, r2.y));
        await expect.poll(() => chart(page).getAttribute('data-drawings')).toBe('2');
        await page.waitForTimeout(500);
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        const shape = landscape ? 'landscape' : 'phone';
        await e.shot(page, `chart-tools-${shape}-${lang}-${theme}`);
        if (!landscape) {
          await page.getByTestId('chart-indicators').click();
          await page.getByTestId('indicator-menu').waitFor();
          await page.getByTestId('indicator-edit-1').click();
          await page.getByTestId('indicator-settings').waitFor();
          await page.waitForTimeout(400);
          await e.shot(page, `chart-tools-settings-${lang}-${theme}`);
        }
        await context.close();
      }
    }
  });
});
