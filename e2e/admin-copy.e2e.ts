import { ADMIN_API, API } from '@tradepad/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, chromiumPath, startE2E, type E2E } from './support/harness.ts';

const DESK = { width: 1280, height: 800 };
const PASSWORD = 'Harbour26x';
const REASON = 'Provider under review for churning';

/**
 * Copy trading in the back office (issue 34 point 4, DESIGN §18) in Chromium at 1280×800: a verified provider's
 * strategy and one follower made through the API; the console lists the strategy, opens its followers and the fees
 * tab, and a super admin suspends it with a required reason after a confirmation (in the audit log as
 * `strategy.suspend` with the reason), then resumes it. English, then Traditional Chinese in the same session (one
 * sign-in: a second would wait for the next authenticator step).
 */
describe.skipIf(!chromiumPath())('copy trading in the back office', () => {
  let e: E2E;
  let admin = '';
  let strategyId = 0;
  let followerEmail = '';

  /** An image the trader uploads (a real-name photo, a deposit proof): its URL. */
  const upload = async (token: string, shade: number) => {
    const png = await sharp({ create: { width: 24, height: 16, channels: 3, background: { r: shade, g: 90, b: 160 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
    const res = await fetch(`${e.baseUrl}${API.imageUpload}`, { method: 'POST', body: form, headers: { authorization: token } });
    return ((await res.json()) as { data: { url: string } }).data.url;
  };
  const ok = (answer: { code: number; msg: string }) => expect(answer.code, answer.msg).toBe(1);

  beforeAll(async () => {
    e = await startE2E();
    admin = await e.staffLogin(ADMIN);
    const staff = { authorization: admin };

    // The provider: a real account whose real-name application is approved.
    const provider = await e.registerTrader('copy-provider@example.com', PASSWORD);
    const who = { authorization: provider.token };
    ok(
      await e.api(
        'POST',
        API.realName,
        {
          name: 'Alice Chan',
          card_id: 'P1234567',
          front_pic: await upload(provider.token, 10),
          reverse_pic: await upload(provider.token, 20),
        },
        who,
      ),
    );
    const queue = await e.api('GET', ADMIN_API.kyc, { status: '1', user_id: String(provider.id) }, staff);
    ok(await e.api('POST', `${ADMIN_API.kyc}/${queue.data.data[0].id}/approve`, {}, staff));
    const opened = await e.api(
      'POST',
      API.copyStrategies,
      {
        name: 'Harbour Trend',
        description: 'Trend following on BTCUSD',
        performance_fee_percent: '20',
        management_fee_percent: '2',
        min_investment: '100',
      },
      who,
    );
    ok(opened);
    strategyId = Number(opened.data.id);

    // The follower: a real account with a deposit, following with 1,000 USD.
    followerEmail = 'copy-follower@example.com';
    const follower = await e.registerTrader(followerEmail, PASSWORD);
    const coins = await e.api('GET', API.depositCoins, {}, { authorization: follower.token });
    const dep = await e.api(
      'POST',
      API.depositSubmit,
      { charge_id: String(coins.data[0].id), number: '5000', proofImg: await upload(follower.token, 30) },
      { authorization: follower.token },
    );
    ok(dep);
    ok(await e.api('POST', `${ADMIN_API.deposits}/${dep.data.id}/approve`, {}, staff));
    ok(
      await e.api(
        'POST',
        API.copyFollow,
        { strategy_id: String(strategyId), amount: '1000', mode: 'proportional', value: '1', equity_stop_percent: '30' },
        { authorization: follower.token },
      ),
    );
  }, 90_000);

  afterAll(async () => e?.close());

  it('lists the strategy and its follower, suspends it with a reason (audited) and resumes it, in en and hk', async () => {
    const { context, page } = await e.newPage(DESK);
    await e.staffSignIn(page, ADMIN);
    await page.locator('nav a', { hasText: 'Copy trading' }).click();
    await page.getByRole('heading', { name: 'Copy trading' }).waitFor();
    const row = page.getByTestId(`copy-strategy-${strategyId}`);
    await row.waitFor();
    expect(await row.textContent()).toContain('Harbour Trend');
    expect(await row.getByText('Open', { exact: true }).count()).toBe(1);
    // The figures after fees per row: no trade yet, so no return; the equity is the follower's 1,000 USD.
    expect(await page.getByTestId(`copy-total-rate-${strategyId}`).textContent()).toBe('0.00%');
    expect(await row.textContent()).toContain('1,000.00');
    // Sorted on the server by a column's heading: highest first, then lowest first.
    const totalHead = page.locator('th', { hasText: 'Total return' });
    expect(await totalHead.getAttribute('aria-sort')).toBeNull();
    const sorted = page.waitForResponse((r) => r.url().includes('sort=-total_rate'));
    await page.getByTestId('copy-sort-total_rate').click();
    expect((await (await sorted).json()).code).toBe(1);
    await page.locator('th[aria-sort="descending"]', { hasText: 'Total return' }).waitFor();
    await row.waitFor();
    const ascending = page.waitForResponse((r) => /sort=total_rate/.test(r.url()));
    await page.getByTestId('copy-sort-total_rate').click();
    expect((await (await ascending).json()).code).toBe(1);
    await page.locator('th[aria-sort="ascending"]', { hasText: 'Total return' }).waitFor();

    await page.getByTestId(`copy-followers-${strategyId}`).click();
    const followers = page.getByTestId('copy-followers');
    await followers.getByText('Followers of Harbour Trend').waitFor();
    const follow = followers.locator('tbody tr').first();
    await follow.getByText('Following', { exact: true }).waitFor();
    // Cells run together in the row's text: sizing, its equity stop, then the money put in.
    expect(await follow.textContent()).toMatch(/Proportional × 1(\.0+)?Equity stop at −30%1,000\.00/);
    // The rest of the row above its followers: the money put in, the fee terms, the other figures after fees.
    const figures = page.getByTestId('copy-figures');
    await figures.getByText('Win rate, 3 weeks').waitFor();
    expect(await figures.textContent()).toMatch(/Invested1,000\.00 USD/);
    expect(await figures.textContent()).toMatch(/20(\.0+)?% of gains · 2(\.0+)?% a year/);
    await e.shot(page, 'admin-copy-strategies-en');

    // Suspend: a confirmation that says what happens, and no sending without a reason.
    await page.getByTestId(`copy-suspend-${strategyId}`).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Suspend Harbour Trend?').waitFor();
    await dialog.getByText('copies already open still follow', { exact: false }).waitFor();
    expect(await page.getByTestId('copy-suspend-confirm').isDisabled()).toBe(true);
    await dialog.getByLabel('Reason').fill(REASON);
    await page.waitForTimeout(300); // the dialog's fade-in
    await e.shot(page, 'admin-copy-suspend-en');
    await page.getByTestId('copy-suspend-confirm').click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByText('Suspended', { exact: true }).waitFor();
    expect(await row.getByTestId('copy-suspend-reason').textContent()).toBe(`Reason: ${REASON}`);
    const log = await e.api('GET', ADMIN_API.audit, { action: 'strategy.suspend' }, { authorization: admin });
    expect(log.data.data).toHaveLength(1);
    expect(JSON.stringify(log.data.data[0])).toContain(REASON);

    // The filter keeps suspended strategies; the fees tab answers for the strategy (none charged yet).
    await page.getByTestId('copy-status-filter').click();
    await page.getByRole('option', { name: 'Suspended' }).click();
    await row.waitFor();
    await page.getByRole('tab', { name: 'Fees' }).click();
    await page.getByText('No fee has been charged yet.').waitFor();
    await e.shot(page, 'admin-copy-fees-en');

    // The audit log shows the suspension with its reason.
    await page.locator('nav a', { hasText: 'Audit' }).click();
    await page.getByLabel('Action or object').fill('strategy.suspend');
    await page.getByRole('button', { name: 'Filter' }).click();
    const entry = page.locator('tbody tr', { hasText: 'strategy.suspend' });
    await entry.waitFor();
    await entry.getByLabel('Show before and after').click();
    await page.locator('td', { hasText: REASON }).first().waitFor();
    await page.waitForTimeout(300); // the row's unfolding
    await e.shot(page, 'admin-copy-audit-en');

    // Resume, in Traditional Chinese: the same session, the console's language chosen by ?lang=.
    await page.goto('/admin/?lang=hk#/copy');
    await page.getByRole('heading', { name: '跟單交易' }).waitFor();
    await row.getByText('已暫停', { exact: true }).waitFor();
    await page.getByTestId('copy-sort-total_rate').getByText('總回報').waitFor();
    expect(await page.getByTestId(`copy-total-rate-${strategyId}`).textContent()).toBe('0.00%');
    await page.getByTestId('copy-sort-max_drawdown').getByText('最大回撤').waitFor();
    await page.getByTestId(`copy-followers-${strategyId}`).click();
    await followers.getByText('Harbour Trend 的跟隨者').waitFor();
    await follow.getByText('跟隨中', { exact: true }).waitFor();
    expect(await follow.textContent()).toContain('按比例 × 1');
    await e.shot(page, 'admin-copy-strategies-hk');
    await page.getByTestId(`copy-resume-${strategyId}`).click();
    await dialog.getByText('恢復 Harbour Trend？').waitFor();
    await dialog.getByLabel('原因').fill('覆核完成');
    await page.getByTestId('copy-resume-confirm').click();
    await row.getByText('開放', { exact: true }).waitFor();
    const resumed = await e.api('GET', ADMIN_API.audit, { action: 'strategy.resume' }, { authorization: admin });
    expect(resumed.data.data).toHaveLength(1);
    await page.getByRole('tab', { name: '費用' }).click();
    await page.getByText('暫未收取任何費用。').waitFor();
    await e.shot(page, 'admin-copy-fees-hk');
    await context.close();
  });
});
