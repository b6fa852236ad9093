import { ADMIN_API, API } from '@tradepad/contracts';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, chromiumPath, liveQuote, overflow, signedInPage, startE2E, type E2E, type SignIn } from './support/harness.ts';

const PASSWORD = 'Harbour26x';

/**
 * Copy trading in the trader's app (issue 34 point 5, DESIGN §18), on one server and one browser. A verified provider
 * opens a strategy from the rank page ("Become a provider"; a trader without verification is told why not); a
 * follower finds it on the rank page, reads its page and the follow sheet (its checks against the minimum and the
 * cash), and follows; the provider buys and the follower sees the copy at the provider's own price in Orders ›
 * Copying, told by its notice (a toast, and in the notification centre); then unfollows and the money comes back. Screenshots at 390×844 in en, hk and ar of the
 * strategy page, the follow sheet and the Copying section. BTCUSD trades every day, so the test runs on any day.
 */
describe.skipIf(!chromiumPath())('copy trading in the app', () => {
  let e: E2E;
  let admin = '';
  let provider: SignIn;
  let follower: SignIn;
  let strategyId = 0;

  async function upload(token: string, shade: number): Promise<string> {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: shade, g: 90, b: 160 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'doc.png');
    const res = await fetch(`${e.baseUrl}${API.imageUpload}`, { method: 'POST', body: form, headers: { authorization: token } });
    return ((await res.json()) as { data: { url: string } }).data.url;
  }

  /** A real trader with `cash` USD deposited (and approved), signed in: the token with the profile the app stores. */
  async function trader(email: string, cash: string): Promise<SignIn> {
    const { token } = await e.registerTrader(email, PASSWORD);
    const coins = await e.api('GET', API.depositCoins, {}, { authorization: token });
    const dep = await e.api(
      'POST',
      API.depositSubmit,
      { charge_id: String(coins.data[0].id), number: cash, proofImg: await upload(token, 40) },
      { authorization: token },
    );
    expect(dep.code, dep.msg).toBe(1);
    const approved = await e.api('POST', `${ADMIN_API.deposits}/${dep.data.id}/approve`, {}, { authorization: admin });
    expect(approved.code, approved.msg).toBe(1);
    const info = await e.api('GET', API.userInfo, {}, { authorization: token });
    return { ...info.data, token } as SignIn;
  }

  const confirmShot = async (page: Page, name: string) => {
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await e.shot(page, name);
  };

  beforeAll(async () => {
    e = await startE2E();
    admin = await e.staffLogin(ADMIN);
    provider = await trader('copy.provider@example.com', '5000');
    follower = await trader('copy.follower@example.com', '3000');
    // The provider's real-name verification, approved: a strategy needs it (DESIGN §18).
    const kyc = await e.api(
      'POST',
      API.realName,
      {
        name: 'Kit Provider',
        card_id: 'K1234567',
        front_pic: await upload(provider.token, 1),
        reverse_pic: await upload(provider.token, 2),
      },
      { authorization: provider.token },
    );
    expect(kyc.code, kyc.msg).toBe(1);
    const queue = await e.api('GET', ADMIN_API.kyc, { user_id: String(provider.id) }, { authorization: admin });
    const pending = (queue.data.data as { id: number; status: number }[]).find((k) => k.status === 1);
    expect((await e.api('POST', `${ADMIN_API.kyc}/${pending!.id}/approve`, {}, { authorization: admin })).code).toBe(1);
  });
  afterAll(async () => e?.close());

  it('lets a verified provider open a strategy from the rank page, and tells an unverified trader why not', async () => {
    // The follower has no verification: the server's refusal shows under the form, in their language.
    const refused = await signedInPage(e, follower, { lang: 'en' });
    await refused.page.goto('/copy/provider');
    await refused.page.getByTestId('copy-provider-name').fill('Not yet');
    await refused.page.getByTestId('copy-provider-submit').click();
    await expect.poll(() => refused.page.getByTestId('copy-provider-refusal').textContent()).toBeTruthy();
    await refused.context.close();

    const { context, page } = await signedInPage(e, provider, { lang: 'en' });
    await page.goto('/rank');
    await page.getByTestId('rank-provider').click();
    await page.getByTestId('copy-provider-form').waitFor();
    // The form's own checks first: a performance fee above 50 % is refused beside the field.
    await page.getByTestId('copy-provider-name').fill('Harbour Majors');
    await page.getByTestId('copy-provider-performance').fill('60');
    await page.getByTestId('copy-provider-submit').click();
    await page.getByTestId('copy-provider-error-performanceFee').waitFor();
    await page.getByTestId('copy-provider-performance').fill('20');
    await page.getByTestId('copy-provider-management').fill('2');
    await page.getByTestId('copy-provider-min').fill('200');
    await page.getByTestId('copy-provider-description').fill('BTC and majors, small lots, a stop on every trade.');
    await page.getByTestId('copy-provider-submit').click();
    await page.getByTestId('copy-mine').waitFor();
    const mine = await e.api('GET', API.copyMine, {}, { authorization: provider.token });
    expect(mine.data.strategy).toMatchObject({
      name: 'Harbour Majors',
      performance_fee_percent: '20.00',
      min_investment: '200.00',
    });
    strategyId = mine.data.strategy.id;
    await context.close();
  });

  it('shows the strategy and the follow sheet in en, hk and ar', async () => {
    for (const lang of ['hk', 'ar', 'en']) {
      const { context, page } = await signedInPage(e, follower, { lang });
      await page.goto('/rank');
      // A new strategy is listed at once; a tap opens its page.
      await page.locator(`[data-strategy="${strategyId}"]`).click();
      await page.waitForURL((u) => u.pathname === `/copy/${strategyId}`);
      await page.getByTestId('copy-terms').waitFor();
      if (lang === 'ar') expect(await page.getAttribute('html', 'dir')).toBe('rtl');
      await confirmShot(page, `copy-strategy-${lang}`);
      await page.getByTestId('copy-follow').click();
      await page.getByTestId('copy-follow-sheet').waitFor();
      await page.waitForTimeout(350); // the sheet's slide
      await confirmShot(page, `copy-follow-sheet-${lang}`);
      if (lang !== 'en') {
        await context.close();
        continue;
      }
      // Below the strategy's minimum, and above the cash: each refused beside the amount, nothing sent.
      await page.getByTestId('copy-amount').fill('150');
      await page.getByTestId('copy-follow-confirm').click();
      expect(await page.getByTestId('copy-amount-error').textContent()).toBe('This strategy needs at least 200.00 USD.');
      await page.getByTestId('copy-amount').fill('3000.01');
      expect(await page.getByTestId('copy-amount-error').textContent()).toBe('You have 3,000.00 USD available.');
      await page.getByTestId('copy-amount').fill('1000');
      await page.getByTestId('copy-mode-multiplier').click();
      await page.getByTestId('copy-value').fill('1');
      await page.getByTestId('copy-equity-stop').fill('50');
      await expect.poll(() => page.getByTestId('copy-fees').textContent()).toContain('about 20.00 USD a year on 1,000.00 USD');
      await page.getByTestId('copy-follow-confirm').click();
      await page.getByTestId('copy-following-badge').waitFor();
      await context.close();
    }
    const following = await e.api('GET', API.copyFollowing, {}, { authorization: follower.token });
    expect(following.data.data[0]).toMatchObject({
      strategy_id: strategyId,
      status: 'following',
      invested: '1000.00',
      mode: 'multiplier',
    });
  });

  it('copies the provider’s buy at the provider’s price into Copying, and unfollows', async () => {
    const { context, page } = await signedInPage(e, follower, { lang: 'en' });
    await page.goto('/order');
    await page.getByTestId('orders-tab-copying').click();
    await page.getByTestId(`copying-${strategyId}`).waitFor();

    const btc = await liveQuote(e);
    const opened = await e.api(
      'POST',
      API.submit,
      { type: '1', cont: '0.05', forex_id: String(btc.Id), status: '1', multiple: '10' },
      { authorization: provider.token },
    );
    expect(opened.code, opened.msg).toBe(1);
    const fill = opened.data.order.Price as number;
    const fillText = fill.toLocaleString('en-US', {
      minimumFractionDigits: btc.PricePrecision,
      maximumFractionDigits: btc.PricePrecision,
    });

    // The copy's notice: a toast wherever the follower is; the COPY push reads the list again.
    const toast = async () => ((await page.locator('.adm-toast-main').textContent()) ?? '').replace(/[\u2068\u2069]/g, '');
    const noticeToast = page.getByTestId('notice-toast').filter({ hasText: 'Trade copied' });
    await noticeToast.waitFor({ timeout: 10_000 });
    expect(((await noticeToast.locator('.notice-toast-body').textContent()) ?? '').replace(/[\u2068\u2069]/g, '')).toContain(
      'Harbour Majors: Buy 0.05 BTC/USD opened at',
    );
    expect(await page.locator('.adm-toast-main').count(), 'one toast, not the push’s as well').toBe(0);
    const copied = page.locator(`[data-testid="copying-events-${strategyId}"] [data-event="fill"]`);
    await copied.waitFor({ timeout: 10_000 });
    expect((await copied.textContent())?.replace(/[\u2068\u2069]/g, '')).toContain(`0.05 lots at ${fillText}`);
    const events = (await e.api('GET', API.copyFollowing, {}, { authorization: follower.token })).data.data[0].events;
    expect(events[0]).toMatchObject({ event: 'fill', lots: '0.05' });
    expect(Number(events[0].price)).toBe(fill);
    await noticeToast.getByTestId('notice-toast-close').click();
    await noticeToast.waitFor({ state: 'detached', timeout: 5_000 });
    await confirmShot(page, 'copy-copying-en');

    // The copy is a notice in the notification centre too, named as the app names the instrument.
    const centre = await signedInPage(e, follower, { lang: 'en' });
    await centre.page.goto('/mine/notices');
    const notice = centre.page.locator('.notice-item', { hasText: 'Trade copied' });
    await notice.waitFor({ timeout: 10_000 });
    expect(((await notice.locator('.notice-body').textContent()) ?? '').replace(/[\u2068\u2069]/g, '')).toBe(
      `Harbour Majors: Buy 0.05 BTC/USD opened at ${fillText} (order #${events[0].order_id})`,
    );
    await confirmShot(centre.page, 'copy-notice-en');
    await centre.context.close();

    for (const lang of ['hk', 'ar']) {
      const shown = await signedInPage(e, follower, { lang });
      await shown.page.goto('/order');
      await shown.page.getByTestId('orders-tab-copying').click();
      await shown.page.locator(`[data-testid="copying-events-${strategyId}"] [data-event="fill"]`).waitFor();
      await confirmShot(shown.page, `copy-copying-${lang}`);
      // The same notice in the follower's language (its title and body are the server's, in 14 languages).
      await shown.page.goto('/mine/notices');
      await shown.page.locator('.notice-item').first().waitFor({ timeout: 10_000 });
      const body = (await shown.page.locator('.notice-item .notice-body').first().textContent()) ?? '';
      expect(body.replace(/[\u2068\u2069]/g, '')).toContain('BTC/USD');
      expect(body).not.toContain('Trade copied');
      await confirmShot(shown.page, `copy-notice-${lang}`);
      await shown.context.close();
    }

    await page.getByTestId(`copying-unfollow-${strategyId}`).click();
    await page.getByTestId('copy-unfollow-sheet').waitFor();
    expect(await page.getByTestId('copy-unfollow-sheet').textContent()).toContain('closed at the market price');
    await page.getByTestId('copy-unfollow-confirm').click();
    await expect.poll(toast).toMatch(/Unfollowed\. [\d,.]+ USD returned/);
    await page.getByTestId(`copying-unfollow-${strategyId}`).waitFor({ state: 'detached' });
    const ended = (await e.api('GET', API.copyFollowing, {}, { authorization: follower.token })).data.data[0];
    expect(ended).toMatchObject({ status: 'ended', end_reason: 'unfollow' });
    expect(Number(ended.returned)).toBeGreaterThan(900);
    await context.close();
  });
});
