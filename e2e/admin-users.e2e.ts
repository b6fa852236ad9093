import { ADMIN_API, API } from '@tradepad/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, chromiumPath, startE2E, type E2E } from './support/harness.ts';

const PASSWORD = 'Harbour26x';
const DESK = { width: 1280, height: 800 };

/**
 * Issue 18, users: finance finds a customer, adjusts the balance after a confirmation (credited at once under the
 * threshold), and an adjustment above it waits until a second finance member approves it in the queue. The list, the
 * profile and the queue are shot in English and Traditional Chinese.
 */
describe.skipIf(!chromiumPath())('users in the back office', () => {
  let e: E2E;
  let staffToken = '';
  let userToken = '';
  const email = 'mei.ling@example.com';

  const balance = async () => (await e.api('GET', API.forexDetail, {}, { authorization: userToken })).data.balance as string;
  const upload = async (n: number) => {
    const png = await sharp({ create: { width: 24, height: 16, channels: 3, background: { r: n * 40, g: 90, b: 30 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'id.png');
    const res = await fetch(`${e.baseUrl}${API.imageUpload}`, {
      method: 'POST',
      body: form,
      headers: { authorization: userToken },
    });
    return ((await res.json()) as { data: { url: string } }).data.url;
  };

  beforeAll(async () => {
    e = await startE2E();
    userToken = (await e.registerTrader(email, PASSWORD)).token;
    const kyc = await e.api(
      'POST',
      API.realName,
      { name: 'Mei Ling Ho', card_id: 'K7654321', front_pic: await upload(1), reverse_pic: await upload(2) },
      { authorization: userToken },
    );
    expect(kyc.code, kyc.msg).toBe(1);
    staffToken = await e.staffLogin(ADMIN);
    for (const who of ['fin@example.com', 'fin2@example.com']) {
      const r = await e.api(
        'POST',
        ADMIN_API.staff,
        { email: who, name: who.split('@')[0]!, password: 'Staff12345', role: 'finance' },
        { authorization: staffToken },
      );
      expect(r.code, r.msg).toBe(1);
      await e.staffLogin({ email: who, password: 'Staff12345' });
    }
  });
  afterAll(async () => e?.close());

  it('finance finds a user and adjusts the balance; above the threshold a second member approves it', async () => {
    const { context, page } = await e.newPage(DESK);
    await e.staffSignIn(page, { email: 'fin@example.com', password: 'Staff12345' });
    expect((await page.locator('nav a').allTextContents()).slice(0, 3)).toEqual(['Dashboard', 'Account types', 'Users']);
    await page.locator('nav a', { hasText: 'Users' }).click();
    await page.getByRole('heading', { name: 'Users', exact: true }).waitFor();
    await page.getByPlaceholder('Search e-mail, phone, uid, name, invite code').fill('MEI.LING');
    await page.locator('tbody tr', { hasText: email }).waitFor();
    await e.shot(page, 'admin-users-en');
    await page.locator('tbody tr', { hasText: email }).click();
    await page.getByRole('heading', { name: email }).waitFor();

    await page.getByRole('button', { name: 'Adjust balance…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Amount (USD)').fill('50.00');
    await dialog.getByLabel('Kind').click();
    // A compensation is cash; a bonus goes to credit (DESIGN §16), which the cash balance here does not show.
    await page.getByRole('option', { name: 'Compensation' }).click();
    await dialog.getByLabel('Reason').fill('Delayed withdrawal');
    await dialog.getByRole('button', { name: 'Submit adjustment' }).click();
    await page.getByText('Balance adjusted.').waitFor();
    await expect.poll(balance).toBe('50.00');
    await page.getByText('Compensation #1').waitFor();

    // Above the threshold (1000 USD): it waits.
    await page.getByRole('button', { name: 'Adjust balance…' }).click();
    await dialog.getByLabel('Amount (USD)').fill('1500');
    await dialog.getByLabel('Reason').fill('Outage compensation');
    await dialog.getByRole('button', { name: 'Submit adjustment' }).click();
    await page.getByText('waiting for a second staff member').waitFor();
    expect(await balance()).toBe('50.00');
    await e.shot(page, 'admin-user-profile-en');
    // Its author has no approve button in the queue.
    await page.goto('/admin/#/adjustments');
    await page.locator('tbody tr', { hasText: 'Outage compensation' }).waitFor();
    expect(
      await page.locator('tbody tr', { hasText: 'Outage compensation' }).getByRole('button', { name: 'Approve…' }).count(),
    ).toBe(0);
    await context.close();

    const second = await e.newPage(DESK);
    await e.staffSignIn(second.page, { email: 'fin2@example.com', password: 'Staff12345' });
    await second.page.goto('/admin/#/adjustments');
    const row = second.page.locator('tbody tr', { hasText: 'Outage compensation' });
    await row.getByRole('button', { name: 'Approve…' }).click();
    await second.page.getByText('1500.00 USD to mei.ling@example.com').waitFor();
    await second.page.waitForTimeout(400); // the dialog's fade-in
    await e.shot(second.page, 'admin-adjustments-en');
    await second.page.getByRole('dialog').getByRole('button', { name: 'Confirm approval' }).click();
    await expect.poll(balance).toBe('1550.00');
    await second.context.close();
  });

  it('shows the users pages in Traditional Chinese, actions hidden from a role that cannot act', async () => {
    const created = await e.api(
      'POST',
      ADMIN_API.staff,
      { email: 'help@example.com', name: 'Help', password: 'Staff12345', role: 'support' },
      { authorization: staffToken },
    );
    expect(created.code, created.msg).toBe(1);
    await e.staffLogin({ email: 'help@example.com', password: 'Staff12345' });
    const { context, page } = await e.newPage(DESK);
    await e.staffSignIn(page, { email: 'help@example.com', password: 'Staff12345' }, '?lang=hk');
    expect(await page.locator('nav a').allTextContents()).toEqual(['總覽', '賬戶類型', '用戶', '客戶支援']);
    await page.locator('nav a', { hasText: '用戶' }).click();
    await page.locator('tbody tr', { hasText: email }).click();
    await page.getByRole('heading', { name: email }).waitFor();
    await page.getByText('補償 #1').waitFor();
    expect(await page.getByRole('button', { name: '調整餘額…' }).count()).toBe(0);
    await e.shot(page, 'admin-user-profile-support-hk');
    await context.close();

    const admin = await e.newPage(DESK);
    await e.staffSignIn(admin.page, ADMIN, '?lang=hk');
    await admin.page.locator('nav a', { hasText: '用戶' }).click();
    await admin.page.locator('tbody tr', { hasText: email }).waitFor();
    await e.shot(admin.page, 'admin-users-hk');
    await admin.page.locator('tbody tr', { hasText: email }).click();
    await admin.page.getByRole('button', { name: '調整餘額…' }).waitFor();
    await e.shot(admin.page, 'admin-user-profile-hk');
    await admin.page.goto('/admin/#/adjustments');
    await admin.page.getByRole('heading', { name: '餘額調整' }).waitFor();
    await e.shot(admin.page, 'admin-adjustments-hk');
    await admin.context.close();
  });
});
