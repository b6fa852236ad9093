import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN_API, API, type TradeItem } from '@tradepad/contracts';
import {
  ADMIN,
  chromiumPath,
  demoLogin,
  liveQuote,
  overflow,
  PHONE,
  startE2E,
  type E2E,
  type SignIn,
} from './support/harness.ts';

/**
 * MT5's figures and one-tap trading (issue 33 points 1 and 3, DESIGN §17): a demo trader turns one-tap trading on in
 * the app's settings (the risk warning shows the first time only), then one tap on Sell opens a position with the
 * ticket's lots and one tap on the full-screen chart's Buy another; the positions card, Me and the ticket show
 * Balance (cash + margin), Equity, Margin, Free margin and Margin level. Photographed at 390×844 and 844×390 in en, hk
 * and ar.
 */

const LANDSCAPE = { width: 844, height: 390 };
/** A number as the app prints it in English ("99,990.50"). */
const numberIn = (text: string | null): number => Number((/-?[\d,]+(?:\.\d+)?/.exec(text ?? '')?.[0] ?? 'NaN').replace(/,/g, ''));

describe.skipIf(!chromiumPath())('one-tap trading and MT5 figures in Chromium', () => {
  let e: E2E;
  let btc: TradeItem;
  beforeAll(async () => {
    e = await startE2E();
    btc = await liveQuote(e);
  });
  afterAll(async () => e?.close());

  /** A page signed in as `login` on BTCUSD, in `lang` at `size` (a phone's when `phone`), one-tap trading stored as given. */
  async function pageOf(login: SignIn, lang: string, size = PHONE, oneTap = false, phone?: boolean) {
    const { context, page } = await e.newPage({ lang, ...size, ...(phone === undefined ? {} : { phone }) });
    await context.addInitScript(
      ([t, p, i, one]) => {
        localStorage.setItem('tradepad.token', t);
        localStorage.setItem('tradepad.profile', p);
        localStorage.setItem('tradepad.instrument', i);
        if (one) {
          localStorage.setItem('tradepad.oneTap', 'on');
          localStorage.setItem('tradepad.oneTapWarned', 'yes');
        }
      },
      [login.token, JSON.stringify(login), JSON.stringify({ forexId: btc.Id, code: 'BTCUSD' }), oneTap] as const,
    );
    return { context, page };
  }
  const holding = async (token: string) =>
    ((await e.api('GET', API.deals, { status: '1', page: '1' }, { authorization: token })).data.data as unknown[]).length;
  async function ticketReady(page: Page) {
    await page.goto('/trade');
    await page.getByTestId('order-ticket').waitFor();
    await expect.poll(() => page.getByTestId('ticket-submit').getAttribute('aria-disabled'), { timeout: 15_000 }).toBeNull();
    await expect.poll(() => page.getByTestId('ticket-free-margin').textContent()).toContain('USD');
  }

  it('turns one-tap on with a warning shown once; one tap on Sell, then on the full-screen chart’s Buy, opens each', async () => {
    const login = await demoLogin(e, 'e2e-one-tap-main-0000-000000000000');
    const { context, page } = await pageOf(login, 'en');
    await page.goto('/mine/system');
    const toggle = page.getByTestId('system-one-tap');
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await page.getByTestId('one-tap-warning').waitFor();
    await page.waitForTimeout(400); // the dialog's fade-in
    await e.shot(page, 'one-tap-warning-en');
    await page.locator('.adm-dialog').getByRole('button', { name: 'I accept, turn on' }).click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    // Off and on again: no second warning.
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    expect(await page.getByTestId('one-tap-warning').count()).toBe(0);

    await ticketReady(page);
    await page.getByTestId('ticket-lots').fill('0.01');
    expect(await holding(login.token)).toBe(0);
    // One tap on Sell (not the selected side) sends at once.
    await page.getByTestId('ticket-side-sell').click();
    await expect.poll(() => holding(login.token), { timeout: 10_000 }).toBe(1);
    const [order] = (await e.api('GET', API.deals, { status: '1', page: '1' }, { authorization: login.token })).data
      .data as Array<{
      OrderType: number;
      Quantity: string;
    }>;
    expect(order).toMatchObject({ OrderType: 2 });
    expect(Number(order!.Quantity)).toBe(0.01);
    await page.keyboard.press('Escape');
    await page.goto('/trade');
    await page.getByTestId('order-ticket').waitFor();

    // The full-screen chart trades too: one tap on its Buy with its lots.
    await page.getByTestId('chart-fullscreen').click();
    await page.getByTestId('chart-trade').waitFor();
    await page.getByTestId('chart-trade-lots').fill('0.02');
    await expect.poll(() => page.getByTestId('chart-trade-buy').getAttribute('aria-disabled'), { timeout: 15_000 }).toBeNull();
    await page.getByTestId('chart-trade-buy').click();
    await expect.poll(() => holding(login.token), { timeout: 10_000 }).toBe(2);

    // MT5's figures: Balance = cash + margin, moved by the fees only; Margin the positions' margin.
    const summary = (await e.api('GET', API.accountSummary, {}, { authorization: login.token })).data;
    expect(Number(summary.balance)).toBeCloseTo(Number(summary.cash) + Number(summary.used_margin), 2);
    expect(Number(summary.balance)).toBeGreaterThan(99_900);
    await page.goto('/order');
    await expect.poll(async () => numberIn(await page.getByTestId('summary-balance').textContent())).toBeGreaterThan(99_900);
    expect(numberIn(await page.getByTestId('summary-used-margin').textContent())).toBeGreaterThan(0);
    expect(await page.getByTestId('summary-margin-level').textContent()).toMatch(/%/);
    // Free margin says what it counts (issue 33: a floating profit was left out without a word).
    expect(await page.getByTestId('summary-free-margin-mode').textContent()).toBe('Counts losses only');
    await context.close();
  });

  it('off by default: the chart’s Buy asks first (a second tap sends), the ticket’s sides only choose', async () => {
    const login = await demoLogin(e, 'e2e-one-tap-off0-0000-000000000000');
    const { context, page } = await pageOf(login, 'en');
    await ticketReady(page);
    await page.getByTestId('ticket-side-sell').click();
    await page.waitForTimeout(500);
    expect(await holding(login.token)).toBe(0);
    await page.getByTestId('chart-fullscreen').click();
    await page.getByTestId('chart-trade-lots').fill('0.01');
    await expect.poll(() => page.getByTestId('chart-trade-sell').getAttribute('aria-disabled'), { timeout: 15_000 }).toBeNull();
    await page.getByTestId('chart-trade-sell').click();
    await page.getByTestId('chart-trade-confirm').waitFor();
    expect(await page.getByTestId('chart-trade-confirm').textContent()).toBe('Sell 0.01 lots of BTC/USD at the market?');
    expect(await holding(login.token)).toBe(0);
    await page.getByTestId('chart-trade-sell').click();
    await expect.poll(() => holding(login.token), { timeout: 10_000 }).toBe(1);
    await context.close();
  });

  it.each(['en', 'ar'])(
    'a phone turned sideways on the trade screen shows the chart with Buy, lots and Sell at once (%s)',
    async (lang) => {
      const login = await demoLogin(e, `e2e-one-tap-side-${lang}00-0000-000000000000`.slice(0, 36));
      const { context, page } = await pageOf(login, lang, LANDSCAPE, false, true);
      await page.goto('/trade');
      // No tap on full screen: the chart fills the window, the tab bar and the ticket are under it.
      await page.getByTestId('chart-trade').waitFor();
      expect(await page.getByTestId('trade-market').getAttribute('class')).toContain('is-full');
      const bar = (await page.getByTestId('chart-trade').boundingBox())!;
      expect(bar.y + bar.height).toBeLessThanOrEqual(LANDSCAPE.height + 0.5);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await page.getByTestId('chart-trade-lots').fill('0.01');
      await expect.poll(() => page.getByTestId('chart-trade-buy').getAttribute('aria-disabled'), { timeout: 15_000 }).toBeNull();
      await page.waitForTimeout(400);
      await e.shot(page, `one-tap-sideways-${lang}`);
      // Off by default, the first tap asks and the second sends.
      await page.getByTestId('chart-trade-buy').click();
      await page.getByTestId('chart-trade-confirm').waitFor();
      await page.getByTestId('chart-trade-buy').click();
      await expect.poll(() => holding(login.token), { timeout: 10_000 }).toBe(1);
      // Leaving the chart shows the screen as it was (the ticket below the chart) until the phone turns again.
      await page.getByTestId('chart-fullscreen').click();
      await expect.poll(() => page.getByTestId('trade-market').getAttribute('class')).not.toContain('is-full');
      expect(await page.getByTestId('chart-trade').count()).toBe(0);
      await page.getByTestId('order-ticket').waitFor();
      // Upright, the screen is as before; sideways again, the chart fills it again.
      await page.setViewportSize(PHONE);
      await page.waitForTimeout(300);
      expect(await page.getByTestId('trade-market').getAttribute('class')).not.toContain('is-full');
      await page.setViewportSize(LANDSCAPE);
      await page.getByTestId('chart-trade').waitFor();
      // Other tabs are not covered by it.
      await page.goto('/order');
      await page.getByTestId('account-summary').waitFor();
      expect(await page.getByTestId('chart-trade').count()).toBe(0);
      await context.close();
    },
  );

  it.each(['en', 'hk', 'ar', 'de'])(
    'screens in %s: the chart’s trade bar upright and landscape, Me’s figures, the ticket',
    async (lang) => {
      const login = await demoLogin(e, `e2e-one-tap-shot-${lang}00-0000-000000000000`.slice(0, 36));
      await e.api(
        'POST',
        API.submit,
        { type: '1', cont: '0.01', forex_id: String(btc.Id), status: '1', multiple: '10' },
        {
          authorization: login.token,
        },
      );
      for (const size of [PHONE, LANDSCAPE]) {
        const shape = size.width > size.height ? 'landscape' : 'phone';
        const { context, page } = await pageOf(login, lang, size, true);
        await ticketReady(page);
        await page.getByTestId('chart-fullscreen').click();
        await page.getByTestId('chart-trade').waitFor();
        await page.waitForTimeout(600);
        // The bar lies inside the window, below the chart.
        const bar = await page.getByTestId('chart-trade').boundingBox();
        expect(bar).not.toBeNull();
        expect(bar!.y + bar!.height).toBeLessThanOrEqual(size.height + 0.5);
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        await e.shot(page, `one-tap-chart-${shape}-${lang}`);
        if (shape === 'phone') {
          await page.keyboard.press('Escape');
          await page.getByTestId('ticket-account').scrollIntoViewIfNeeded();
          await e.shot(page, `mt5-figures-ticket-${lang}`);
          await page.goto('/user');
          await page.getByTestId('user-figures').waitFor();
          await expect.poll(() => page.getByTestId('user-figures-margin-level').textContent()).toMatch(/%/);
          // Free margin says what it counts, in the reader's language.
          expect(await page.getByTestId('user-figures-free-margin-mode').textContent()).toBe(
            (
              { en: 'Counts losses only', hk: '只計虧損', ar: 'يحتسب الخسائر فقط', de: 'Zählt nur Verluste' } as Record<
                string,
                string
              >
            )[lang],
          );
          expect(await overflow(page)).toBeLessThanOrEqual(0);
          await e.shot(page, `mt5-figures-me-${lang}`);
          await page.goto('/order');
          await page.getByTestId('account-summary').waitFor();
          await e.shot(page, `mt5-figures-orders-${lang}`);
        }
        await context.close();
      }
    },
  );

  it('the wallet shows the cash apart and the account as MT5 does, Credit when there is some (en, hk, ar)', async () => {
    const trader = await e.registerTrader('figures-wallet@example.com', 'Harbour26x');
    const admin = await e.staffLogin(ADMIN);
    for (const [amount, kind] of [
      ['60.00', 'compensation'],
      ['30.00', 'bonus'],
    ] as const) {
      const r = await e.api(
        'POST',
        `${ADMIN_API.users}/${trader.id}/adjust`,
        { amount, kind, reason: 'Figures test' },
        { authorization: admin },
      );
      expect(r.code, r.msg).toBe(1);
    }
    const login = { token: trader.token, ...(await e.api('GET', API.userInfo, {}, { authorization: trader.token })).data };
    for (const lang of ['en', 'hk', 'ar']) {
      const { context, page } = await pageOf(login, lang);
      await page.goto('/mine/wallet');
      await page.getByTestId('wallet-figures').waitFor();
      await expect.poll(() => page.getByTestId('wallet-figures-credit').textContent()).toBe('30.00');
      expect(await page.getByTestId('wallet-figures-balance').textContent()).toBe('60.00');
      expect(await page.getByTestId('wallet-figures-equity').textContent()).toBe('90.00');
      expect(await page.getByTestId('wallet-figures-margin-level').textContent()).toBe('--');
      if (lang === 'en') expect(await page.getByText('Cash (USD)').count()).toBe(1);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await e.shot(page, `mt5-figures-wallet-${lang}`);
      await context.close();
    }
  });
});
