import { ADMIN_API, API } from '@tradepad/contracts';
import {
  adminPageOf,
  depositChannelSchema,
  depositReviewSchema,
  drawCurrencyConfigSchema,
  kycReviewSchema,
  outboxItemSchema,
  staffMeSchema,
  walletSettingsSchema,
  wireChannelSchema,
  withdrawalReviewSchema,
} from '@tradepad/contracts';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ADMIN, chromiumPath, startE2E, type E2E } from './support/harness.ts';

/**
 * The back office (issue 16, item 7: react-admin) in Chromium: staff review deposits and real-name applications in
 * the console, each role sees only its sections, the hk console is in Traditional Chinese, the admin API's answers are
 * exactly the shapes the contracts declare, and the console calls nothing outside its origin.
 */
const PASSWORD = 'Harbour26x';
const COMPLIANCE = { email: 'comp@example.com', password: 'Lantern-42x' };

describe.skipIf(!chromiumPath())('the back office in Chromium', () => {
  let e: E2E;
  let staffToken = '';
  let userToken = '';
  let userId = 0;

  const staff = async (method: 'GET' | 'POST', path: string, params: Record<string, string> = {}) => {
    const res = await e.api(method, path, params, { authorization: staffToken });
    expect(res.code, `${path}: ${res.msg}`).toBe(1);
    return res.data;
  };

  async function upload(n: number): Promise<string> {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: n * 40, g: 90, b: 160 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'proof.png');
    const res = await fetch(`${e.baseUrl}${API.imageUpload}`, {
      method: 'POST',
      body: form,
      headers: { authorization: userToken },
    });
    const body = (await res.json()) as { code: number; data: { url: string } };
    expect(body.code).toBe(1);
    return body.data.url;
  }

  beforeAll(async () => {
    e = await startE2E();
    const email = 'review-me@example.com';
    ({ token: userToken, id: userId } = await e.registerTrader(email, PASSWORD));
    const coins = await e.api('GET', API.depositCoins, {}, { authorization: userToken });
    const dep = await e.api(
      'POST',
      API.depositSubmit,
      { charge_id: String(coins.data[0].id), number: '125', proofImg: await upload(1) },
      { authorization: userToken },
    );
    expect(dep.code, dep.msg).toBe(1);
    const kyc = await e.api(
      'POST',
      API.realName,
      { name: 'Mei Ling Ho', card_id: 'K1234567', front_pic: await upload(2), reverse_pic: await upload(3) },
      { authorization: userToken },
    );
    expect(kyc.code, kyc.msg).toBe(1);
    staffToken = await e.staffLogin(ADMIN);
    await staff('POST', ADMIN_API.staff, { email: 'fin@example.com', name: 'Fin', password: 'Staff12345', role: 'finance' });
    await e.staffLogin({ email: 'fin@example.com', password: 'Staff12345' });
    await staff('POST', ADMIN_API.staff, { ...COMPLIANCE, name: 'Chan', role: 'compliance' });
    await e.staffLogin(COMPLIANCE);
  });
  afterAll(async () => e?.close());

  it('approves a deposit after a confirmation, and the panel and the server agree', async () => {
    const { context, page } = await e.newPage({ width: 1280, height: 800 });
    const outside: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(e.baseUrl) && !r.url().startsWith('data:')) outside.push(r.url());
    });
    await e.staffSignIn(page, ADMIN);
    // The console opens on the dashboard (issue 18); the queue is one click away.
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.locator('nav a', { hasText: 'Deposits' }).click();
    await page.getByRole('heading', { name: 'Deposits' }).waitFor();
    await page.locator('tbody tr', { hasText: 'review-me@example.com' }).click();
    await page.getByRole('button', { name: 'Approve…' }).click();
    await expect.poll(() => page.getByText('Credit 125.00 USD to review-me@example.com?').count()).toBe(1);
    await page.getByRole('button', { name: 'Confirm approval' }).click();
    await expect.poll(() => page.locator('aside .MuiChip-label').first().textContent()).toBe('Credited');
    const queue = await staff('GET', ADMIN_API.deposits, { user_id: String(userId) });
    expect(queue.data[0].status).toBe(1);
    await e.shot(page, 'admin-deposits-en');
    expect(outside).toEqual([]);
    await context.close();
  });

  it('compliance rejects a real-name application with a remark in the Traditional Chinese console', async () => {
    const { context, page } = await e.newPage({ width: 1280, height: 800 });
    await e.staffSignIn(page, ADMIN, '?lang=tw');
    expect(await page.locator('nav a').allTextContents()).toEqual([
      '總覽',
      '持倉',
      '風險',
      '流動性',
      '對沖訂單',
      '賬戶類型',
      '用戶',
      '跟單交易',
      '入金',
      '出金',
      '實名認證',
      '渠道',
      '待批變更',
      '交易產品',
      '新聞',
      '設定',
      '員工',
      '審計紀錄',
      '報表',
      '待發郵件及短訊',
      '客戶支援',
    ]);
    await context.close();

    // The review itself is compliance's daily task.
    const { context: desk, page: reviewer } = await e.newPage({ width: 1280, height: 800 });
    await e.staffSignIn(reviewer, COMPLIANCE, '?lang=tw');
    await reviewForCompliance(reviewer);
    await desk.close();
  });

  async function reviewForCompliance(page: Page) {
    await page.locator('nav a', { hasText: '實名認證' }).click();
    // A row is reached with the keyboard too.
    await page.locator('tbody tr', { hasText: 'Mei Ling Ho' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: '拒絕…' }).click();
    await page.getByLabel('備註（用戶可見）').fill('證件相片模糊');
    await page.getByRole('button', { name: '確認拒絕' }).click();
    await expect.poll(() => page.locator('aside .MuiChip-label').first().textContent()).toBe('已拒絕');
    const queue = await staff('GET', ADMIN_API.kyc, { user_id: String(userId) });
    expect(queue.data[0]).toMatchObject({ status: 3, remark: '證件相片模糊' });
    await e.shot(page, 'admin-kyc-hk');
  }

  it('shows finance only the sections finance may use, the settings read-only', async () => {
    const { context, page } = await e.newPage({ width: 1280, height: 800 });
    await e.staffSignIn(page, { email: 'fin@example.com', password: 'Staff12345' });
    expect(await page.locator('nav a').allTextContents()).toEqual([
      'Dashboard',
      'Account types',
      'Users',
      'Copy trading',
      'Deposits',
      'Withdrawals',
      'Channels',
      'Changes',
      'Settings',
      'Reports',
    ]);
    await page.locator('nav a', { hasText: 'Settings' }).click();
    await page.getByText('Your role can read this setting').waitFor();
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    // The new-method hold (issue 17): shown beside the real-name rule, 24 hours by default.
    expect(await page.locator('input[name="withdraw_method_hold_hours"]').inputValue()).toBe('24');
    await e.shot(page, 'admin-settings-finance-en');
    await context.close();
  });

  it("answers the back office's calls in exactly the shapes the contracts declare", async () => {
    const get = (path: string, params: Record<string, string> = {}) => staff('GET', path, params);
    const strictPage = (row: z.ZodObject) => adminPageOf(row.strict());
    expect(staffMeSchema.strict().safeParse(await get(ADMIN_API.me)).error).toBeUndefined();
    expect(strictPage(depositReviewSchema).safeParse(await get(ADMIN_API.deposits)).error).toBeUndefined();
    expect(strictPage(withdrawalReviewSchema).safeParse(await get(ADMIN_API.withdrawals)).error).toBeUndefined();
    expect(strictPage(kycReviewSchema).safeParse(await get(ADMIN_API.kyc)).error).toBeUndefined();
    expect(strictPage(outboxItemSchema).safeParse(await get(ADMIN_API.outbox)).error).toBeUndefined();
    expect(z.array(depositChannelSchema.strict()).safeParse(await get(ADMIN_API.depositChannels)).error).toBeUndefined();
    expect(z.array(wireChannelSchema.strict()).safeParse(await get(ADMIN_API.wireChannels)).error).toBeUndefined();
    expect(z.array(drawCurrencyConfigSchema.strict()).safeParse(await get(ADMIN_API.drawCurrencies)).error).toBeUndefined();
    expect(walletSettingsSchema.strict().safeParse(await get(ADMIN_API.walletSettings)).error).toBeUndefined();
  });
});
