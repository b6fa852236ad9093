import { ADMIN_API, API } from '@tradepad/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, chromiumPath, startE2E, type E2E } from './support/harness.ts';

const DESK = { width: 1280, height: 800 };
const NEW_ADDRESS = 'TWd4WrZ9wn84f5x1hZhL4DHvk738ns5jwb';
const FIN = { email: 'fin@example.com', password: 'Staff12345' };
const FIN2 = { email: 'fin2@example.com', password: 'Staff12345' };

/**
 * Issue 29 (DESIGN §16 "Insiders"): a finance member changes a deposit address; it waits on the Changes page, where a
 * second finance member sees it before and after and approves it, and only then do traders see the new address. A
 * change of the adjustment threshold waits there too. Shot in English and Traditional Chinese at 1280×800.
 */
describe.skipIf(!chromiumPath())('the changes queue in the back office', () => {
  let e: E2E;
  let adminToken = '';
  let finToken = '';
  let traderToken = '';

  const traderAddress = async () =>
    (
      (await e.api('GET', API.depositCoins, {}, { authorization: traderToken })).data as Array<{
        protocol_code: string;
        address: string;
      }>
    ).find((c) => c.protocol_code === 'TRC20')!.address;

  beforeAll(async () => {
    e = await startE2E();
    traderToken = (await e.registerTrader('kai.wong@example.com', 'Harbour26x')).token;
    adminToken = await e.staffLogin(ADMIN);
    for (const who of [FIN, FIN2]) {
      const r = await e.api(
        'POST',
        ADMIN_API.staff,
        { email: who.email, name: who.email.split('@')[0]!, password: who.password, role: 'finance' },
        { authorization: adminToken },
      );
      expect(r.code, r.msg).toBe(1);
    }
    finToken = await e.staffLogin(FIN);
    await e.staffLogin(FIN2);
    // Finance asks for a new deposit address; the super admin for a higher adjustment threshold.
    const channels = (await e.api('GET', ADMIN_API.depositChannels, {}, { authorization: finToken })).data as Array<
      Record<string, unknown> & { id: number; protocol_code: string }
    >;
    const { id, ...fields } = channels.find((c) => c.protocol_code === 'TRC20')!;
    const asked = await e.api(
      'POST',
      `${ADMIN_API.depositChannels}/${id}`,
      { ...fields, address: NEW_ADDRESS },
      { authorization: finToken },
    );
    expect(asked.data.pending_change_id, asked.msg).toEqual(expect.any(Number));
    const limit = await e.api('POST', ADMIN_API.settings, { adjust_approval_usd: '5000' }, { authorization: adminToken });
    expect(limit.msg).toMatch(/Sent for approval/);
  });
  afterAll(async () => e?.close());

  it('shows a second finance member the change before and after; approving it puts the new address in effect', async () => {
    const before = await traderAddress();
    expect(before).not.toBe(NEW_ADDRESS);
    const { context, page } = await e.newPage(DESK);
    await e.staffSignIn(page, FIN2);
    await page.locator('nav a', { hasText: 'Changes' }).click();
    await page.getByRole('heading', { name: 'Changes' }).waitFor();
    const row = page.locator('tbody tr', { hasText: 'Deposit address' });
    await row.getByText(NEW_ADDRESS).waitFor();
    await row.getByText(before).waitFor();
    const limits = page.locator('tbody tr', { hasText: 'Adjustment limits' });
    await limits.getByText('5000').waitFor();
    // The limits are a super admin's to decide: finance sees no buttons there.
    await limits.getByText('A super admin decides').waitFor();
    expect(await limits.getByRole('button').count()).toBe(0);
    await e.shot(page, 'admin-changes-en');

    await row.getByRole('button', { name: 'Approve…' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm approval' }).click();
    await page.getByText('Approved: the change is in effect.').waitFor();
    expect(await traderAddress()).toBe(NEW_ADDRESS);
    await context.close();
  });

  it('shows the super admin their own change, which another super admin must decide, in Traditional Chinese', async () => {
    const { context, page } = await e.newPage(DESK);
    await e.staffSignIn(page, ADMIN, '?lang=hk');
    await page.locator('nav a', { hasText: '待批變更' }).click();
    const row = page.locator('tbody tr', { hasText: '調整限額' });
    await row.getByText('由你提出：須由另一位員工決定').waitFor();
    expect(await row.getByRole('button').count()).toBe(0);
    await e.shot(page, 'admin-changes-hk');
    await context.close();
  });
});
