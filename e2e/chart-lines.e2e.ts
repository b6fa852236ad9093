import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { API, type KlinePoint, type OrderView, type TradeItem } from '@tradepad/contracts';
import { chromiumPath, startE2E, type E2E, liveQuote } from './support/harness.ts';

/**
 * Issue 20 point 5 in the browser: the trader's positions, pending orders, stop-losses and take-profits drawn on the
 * `/trade` chart; a stop-loss dragged with the mouse or a finger, confirmed, and held by the server at the level the
 * confirmation showed; a refused level toasted and its line back where it was; the chart with its lines and the
 * confirmation photographed at 390×844 in hk, en, ar and de.
 */

const PERIOD = '15min';

describe.skipIf(!chromiumPath())('order lines on the chart', () => {
  let e: E2E;
  let btc: TradeItem;
  beforeAll(async () => {
    e = await startE2E({ HISTORY_DAYS: '3', SIM_SEED: '5' });
    btc = await liveQuote(e);
  });
  afterAll(async () => e?.close());

  /** The quote now and the low and high of the bars the chart shows (its price scale spans them). */
  async function market() {
    const list = (await e.api('GET', API.tradeList, { searchCurrency: 'BTCUSD' })).data as TradeItem[];
    const now = list.find((x) => x.Code === 'BTCUSD')!;
    const bars = (await e.api('GET', API.kline, { forex_id: String(btc.Id), period: PERIOD, limit: '40' })).data as KlinePoint[];
    const shown = bars.slice(-30);
    return { bid: now.Bid, ask: now.Ask, low: Math.min(...shown.map((b) => b.Low)), high: Math.max(...shown.map((b) => b.High)) };
  }
  const price2 = (n: number) => (Math.round(n * 100) / 100).toFixed(2);

  /** A demo account made through the API, signed in on a new page in `lang`. */
  async function trader(lang: string, tag: string) {
    const uuid = `e2e-lines-${tag}-${lang}-0000-000000000000`;
    const demo = await e.api('GET', API.createDemo, { uuid });
    const login = await e.api('POST', API.login, { account: demo.data.demo_id, password: uuid, login_type: '3' });
    const token = login.data.token as string;
    const call = async (path: string, params: Record<string, string> = {}) => {
      const res = await e.api(path === API.deals ? 'GET' : 'POST', path, params, { authorization: token });
      expect(res.code, `${path}: ${res.msg}`).toBe(1);
      return res.data;
    };
    const { context, page } = await e.newPage({ lang });
    await context.addInitScript(
      ([t, p]) => {
        localStorage.setItem('tradepad.token', t as string);
        localStorage.setItem('tradepad.profile', p as string);
      },
      [token, JSON.stringify(login.data)] as const,
    );
    const submit = async (extra: Record<string, string>) =>
      (await call(API.submit, { type: '1', cont: '0.05', forex_id: String(btc.Id), multiple: '10', status: '1', ...extra }))
        .order as OrderView;
    const order = async (id: number, status = '1') =>
      ((await call(API.deals, { status, page: '1' })).data as OrderView[]).find((o) => o.Id === id);
    return { context, page, call, submit, order };
  }

  const chart = (page: Page) => page.getByTestId('chart');

  /** Opens the chart and waits for the trader's `count` lines on it. */
  async function openChart(page: Page, count: number) {
    await page.goto(`/trade?symbol=BTCUSD&period=${PERIOD}`);
    await expect.poll(() => chart(page).getAttribute('data-status'), { timeout: 15_000 }).toBe('ready');
    await expect.poll(() => chart(page).getAttribute('data-order-lines'), { timeout: 15_000 }).toBe(String(count));
    // The first live bars settle the scale.
    await page.waitForTimeout(600);
  }

  /**
   * The line the mouse is over after moving it to (x, y), and the price the chart's scale gives that height: Chromium
   * hands pointer moves to the page with the next frame, so the answer is read two frames later.
   */
  async function pointAt(page: Page, x: number, y: number): Promise<{ key: string | null; price: number }> {
    await page.mouse.move(x, y);
    return page.evaluate(
      () =>
        new Promise<{ key: string | null; price: number }>((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() => {
              const el = document.querySelector('[data-testid="chart"]');
              resolve({
                key: el?.getAttribute('data-line-hover') ?? null,
                price: Number(el?.getAttribute('data-line-hover-price') ?? NaN),
              });
            }),
          ),
        ),
    );
  }

  /**
   * Where the line `key` is drawn: the mouse is moved down the main pane until the chart says it is over it. A line
   * being moved cannot be taken until the server's answer has refreshed the orders, and the chart's live bars can
   * rescale it mid-scan, so the pane is scanned again (three times at most) before the line is called missing.
   * Answers the middle of the band where the pointer takes the line, the price the scale gives there, and what one
   * pixel is worth in price at that moment (the live bars rescale the axis, so a pixel remembered from before a move
   * says little about a level after it).
   */
  async function findLine(page: Page, key: string): Promise<{ x: number; y: number; price: number; pixel: number }> {
    for (let pass = 1; pass <= 3; pass++) {
      const box = (await chart(page).boundingBox())!;
      const x = box.x + box.width * 0.3;
      for (let y = box.y + 3; y < box.y + box.height - 30; y += 4) {
        const first = await pointAt(page, x, y);
        if (first.key !== key) continue;
        let end = y;
        let last = first;
        while (end < y + 20) {
          const next = await pointAt(page, x, end + 1);
          if (next.key !== key) break;
          end += 1;
          last = next;
        }
        const middle = Math.round((y + end) / 2);
        const at = await pointAt(page, x, middle);
        if (at.key !== key) continue;
        const pixel = end > y ? Math.abs(first.price - last.price) / (end - y) : NaN;
        return { x, y: middle, price: at.price, pixel };
      }
      await page.waitForTimeout(300);
    }
    await e.shot(page, `chart-lines-missing-${key.replace(':', '-')}`);
    throw new Error(`line ${key} not found on the chart`);
  }

  async function drag(page: Page, from: { x: number; y: number }, toY: number) {
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 4, (from.y + toY) / 2, { steps: 4 });
    await page.mouse.move(from.x + 6, toY, { steps: 4 });
    await page.mouse.up();
  }

  /**
   * Drags the line `key` to `to(line)` until the confirmation asks: the chart is live, so a new bar can rescale the
   * price axis between finding a line and pressing on it, and the press then takes nothing. Answers where the line
   * was when the drag that was asked about began.
   */
  async function dragUntilAsked(page: Page, key: string, to: (line: { x: number; y: number }) => number) {
    for (let attempt = 1; ; attempt++) {
      const line = await findLine(page, key);
      await drag(page, line, to(line));
      const asked = await page
        .getByTestId('line-confirm')
        .waitFor({ timeout: 5_000 })
        .then(() => true)
        .catch(() => false);
      if (asked) return line;
      if (attempt === 3) throw new Error(`dragging ${key} was never asked about`);
    }
  }

  /**
   * A position whose stop-loss sits halfway between the price and the far edge of the bars shown, on the side with
   * more room: a buy (stop below) when the market is nearer the top, else a sell (stop above). `away` is the
   * direction on screen (+1 down, −1 up) that moves its stop-loss away from the market.
   */
  async function positionWithStop(t: Awaited<ReturnType<typeof trader>>, extra: Record<string, string> = {}) {
    const m = await market();
    const buy = m.bid - m.low >= m.high - m.ask;
    expect(buy ? m.bid - m.low : m.high - m.ask, 'the chart shows a range beside the price').toBeGreaterThan(m.bid * 0.001);
    const held = await t.submit({
      type: buy ? '1' : '2',
      stop_loss_price: price2(buy ? m.low + (m.bid - m.low) * 0.5 : m.ask + (m.high - m.ask) * 0.5),
      ...extra,
    });
    return { held, buy, away: buy ? 1 : -1 };
  }

  it("drags a position's stop-loss to a new level: asked first, then the server holds the level shown", async () => {
    const t = await trader('en', 'move');
    const { held, buy, away } = await positionWithStop(t);
    await openChart(t.page, 2);
    await dragUntilAsked(t.page, `${held.Id}:sl`, (line) => line.y + 25 * away);
    const confirm = t.page.getByTestId('line-confirm');
    expect(await confirm.getAttribute('data-kind')).toBe('sl');
    const level = Number(await confirm.getAttribute('data-price'));
    if (buy) expect(level).toBeLessThan(held.TargetLossPrice);
    else expect(level).toBeGreaterThan(held.TargetLossPrice);
    // BTCUSD's pips are dollars, written to the cent as the ticket writes them ("245.06 pips", not "245.1").
    expect(await confirm.textContent()).toMatch(/[\d,.]+ \([\d,]+(\.\d\d)? pips\) from the market price/);
    expect(await confirm.textContent()).toMatch(/If reached:\s*-[\d,.]+ USD/);
    await t.page.locator('.adm-dialog').getByRole('button', { name: 'Move', exact: true }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(async () => (await t.order(held.Id))?.TargetLossPrice, { timeout: 10_000 }).toBe(level);
    // The line is drawn at the level it was dropped at (the server's), read on the scale the chart draws now: within
    // 3 pixels of it, where the old level was 25 pixels away when the drag began. A scan takes a few hundred pointer
    // moves, and a tick that rescales the live chart meanwhile shifts the middle it reads, so it is read again (up to
    // 5 s) before calling the line misplaced; a line really drawn elsewhere stays elsewhere.
    let moved = await findLine(t.page, `${held.Id}:sl`);
    const offBy = () => Math.abs(moved.price - level) - (3 * moved.pixel + 0.01);
    for (let read = 1; read < 10 && !(offBy() <= 0); read++) {
      await t.page.waitForTimeout(500);
      moved = await findLine(t.page, `${held.Id}:sl`);
    }
    expect(moved.pixel).toBeGreaterThan(0);
    expect(Math.abs(moved.price - level)).toBeLessThanOrEqual(3 * moved.pixel + 0.01);
    expect(Math.abs(moved.price - held.TargetLossPrice)).toBeGreaterThan(10 * moved.pixel);
    await t.context.close();
  });

  it('snaps a refused level back: a stop-loss dragged across the price shows the server’s message', async () => {
    const t = await trader('en', 'refuse');
    const { held, away } = await positionWithStop(t);
    await openChart(t.page, 2);
    const box = (await chart(t.page).boundingBox())!;
    // The top and bottom of the pane are beyond every bar shown, so across the market from the stop-loss.
    await dragUntilAsked(t.page, `${held.Id}:sl`, () => (away > 0 ? box.y + 4 : box.y + box.height - 40));
    await t.page.locator('.adm-dialog').getByRole('button', { name: 'Move', exact: true }).click();
    const refusal = t.page.getByText('The stop-loss must be below the price for a buy and above it for a sell');
    await refusal.waitFor();
    // The toast may lie over the chart where the line is: the pointer finds the line once it has gone.
    await refusal.waitFor({ state: 'hidden', timeout: 10_000 });
    expect((await t.order(held.Id))?.TargetLossPrice).toBe(held.TargetLossPrice);
    // Back at the level the server holds, on the scale the chart draws now.
    const back = await findLine(t.page, `${held.Id}:sl`);
    expect(Math.abs(back.price - held.TargetLossPrice)).toBeLessThanOrEqual(3 * back.pixel + 0.01);

    // "Keep" in the confirmation leaves the level as it was too, without a call.
    await dragUntilAsked(t.page, `${held.Id}:sl`, (line) => line.y + 30 * away);
    await t.page.locator('.adm-dialog').getByRole('button', { name: 'Keep', exact: true }).click();
    const kept = await findLine(t.page, `${held.Id}:sl`);
    expect(Math.abs(kept.price - held.TargetLossPrice)).toBeLessThanOrEqual(3 * kept.pixel + 0.01);
    expect((await t.order(held.Id))?.TargetLossPrice).toBe(held.TargetLossPrice);
    await t.context.close();
  });

  it("moves a pending order's price with a finger (touch events)", async () => {
    const m = await market();
    const t = await trader('en', 'touch');
    const pending = await t.submit({ status: '0', target_price: price2(m.low + (m.bid - m.low) * 0.5) });
    await openChart(t.page, 1);
    const line = await findLine(t.page, `${pending.Id}:pending`);
    const cdp = await t.context.newCDPSession(t.page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x: line.x, y, id: 1, radiusX: 8, radiusY: 8 }],
      });
    // A finger a little off the line still takes it (the touch target is wider than the line).
    await touch('touchStart', line.y + 6);
    for (let i = 1; i <= 6; i++) await touch('touchMove', line.y + 6 + i * 5);
    await touch('touchEnd', line.y + 36);
    const confirm = t.page.getByTestId('line-confirm');
    await confirm.waitFor();
    expect(await confirm.getAttribute('data-kind')).toBe('pending');
    const level = Number(await confirm.getAttribute('data-price'));
    expect(level).toBeLessThan(pending.OriginPrice);
    await t.page.locator('.adm-dialog').getByRole('button', { name: 'Move', exact: true }).click();
    await expect.poll(async () => (await t.order(pending.Id, '0'))?.OriginPrice, { timeout: 10_000 }).toBe(level);
    // The page did not scroll under the finger.
    expect(await t.page.evaluate(() => window.scrollY)).toBe(0);
    await t.context.close();
  });

  it('follows the account live: a position opened elsewhere appears with its levels, a closed one goes', async () => {
    const m = await market();
    const t = await trader('en', 'live');
    const first = await t.submit({});
    await openChart(t.page, 1);
    // Another device opens a position with a stop-loss: the account push names an order the chart does not know.
    const second = await t.submit({ stop_loss_price: price2(m.low + (m.bid - m.low) * 0.5) });
    await expect.poll(() => chart(t.page).getAttribute('data-order-lines'), { timeout: 10_000 }).toBe('3');
    await findLine(t.page, `${second.Id}:sl`);
    // Closed elsewhere: FOREX_CLOSED takes its line away.
    await t.call(API.close, { id: String(first.Id) });
    await expect.poll(() => chart(t.page).getAttribute('data-order-lines'), { timeout: 10_000 }).toBe('2');
    await t.context.close();
  });

  for (const lang of ['hk', 'en', 'ar', 'de']) {
    it(`draws a position with its levels and a pending order, and asks before a move, in ${lang}`, async () => {
      const t = await trader(lang, 'shots');
      const m = await market();
      await t.submit({ status: '0', target_price: price2(m.low + (m.bid - m.low) * 0.75) });
      // The simulated market may run through a level while the test waits on a slow machine: a position it closed is
      // opened again at levels from the new range (the test is about drawing and asking, not about the market).
      for (let attempt = 1; ; attempt++) {
        const { bid, low, high } = await market();
        const range = high - low;
        const held = await t.submit({
          stop_loss_price: price2(Math.max(Math.min(low + (bid - low) * 0.4, bid - range * 0.3), low - range * 0.05)),
          target_profit_price: price2(Math.min(Math.max(bid + (high - bid) * 0.6, bid + range * 0.3), high + range * 0.12)),
        });
        await openChart(t.page, 4);
        if (attempt === 1) {
          expect(await t.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
          expect(await t.page.getAttribute('html', 'dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
          await e.shot(t.page, `chart-lines-${lang}`);
        }
        const asked = await dragUntilAsked(t.page, `${held.Id}:tp`, (tp) => tp.y - 20).catch(async (err: unknown) => {
          if (attempt < 3 && !(await t.order(held.Id))) return null;
          throw err;
        });
        if (asked) break;
      }
      await t.page.waitForTimeout(300);
      await e.shot(t.page, `chart-lines-confirm-${lang}`);
      await t.context.close();
    });
  }
});
