import { ADMIN_API, API, OUTBOX_MASK } from '@tradepad/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, animationsDone, chromiumPath, startE2E, type E2E, SIGN_UP_CONSENT } from './support/harness.ts';

const DESK = 1280;

/**
 * Issue 17 in the back office: super admins manage staff (add, change a role, disable and enable, each confirmed), the
 * outbox shows codes masked to every role, and a super admin reveals one message after a confirmation.
 */
describe.skipIf(!chromiumPath())('staff and outbox in the back office', () => {
  let e: E2E;
  let admin = '';

  const api = async (method: 'GET' | 'POST', path: string, params: Record<string, string> = {}) => {
    const res = await e.api(method, path, params, { authorization: admin });
    expect(res.code, `${path}: ${res.msg}`).toBe(1);
    return res.data;
  };

  beforeAll(async () => {
    // No SMTP_URL: mail is kept in the outbox.
    e = await startE2E({ SMTP_URL: '' });
    admin = await e.staffLogin(ADMIN);
    expect((await e.api('POST', API.sendEmail, { email: 'kept@example.com', type: '1' })).code).toBe(1);
    await api('POST', ADMIN_API.staff, { email: 'comp@example.com', name: 'Cora', password: 'Staff12345', role: 'compliance' });
    await e.staffLogin({ email: 'comp@example.com', password: 'Staff12345' });
  });
  afterAll(async () => e?.close());

  it('adds a staff member, changes the role and disables them, each after a confirmation', async () => {
    const { context, page } = await e.newPage({ width: DESK, height: 800 });
    await e.staffSignIn(page, ADMIN);
    await page.locator('nav a', { hasText: 'Staff' }).click();
    await page.getByRole('heading', { name: 'Staff', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Add staff member' }).click();
    await page.getByLabel('Email').fill('desk@example.com');
    await page.getByLabel('Name').fill('Dana Desk');
    await page.getByLabel('Initial password').fill('Desk-12345x');
    await page.getByRole('button', { name: 'Add' }).click();
    const row = page.locator('tbody tr', { hasText: 'desk@example.com' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Support');

    await row.getByRole('combobox').click();
    await page.getByRole('option', { name: 'Dealer' }).click();
    await page.getByText('Change Dana Desk from Support to Dealer?').waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect
      .poll(
        async () =>
          ((await api('GET', ADMIN_API.staff)) as Array<{ email: string; role: string }>).find(
            (s) => s.email === 'desk@example.com',
          )?.role,
      )
      .toBe('dealer');

    await row.getByRole('button', { name: 'Disable' }).click();
    await page.getByText('Dana Desk is signed out at once').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Disable' }).click();
    await expect.poll(() => row.locator('.MuiChip-label').textContent()).toBe('Disabled');
    expect((await e.api('POST', ADMIN_API.login, { email: 'desk@example.com', password: 'Desk-12345x' })).code).toBe(0);
    await e.shot(page, 'admin-staff-en');
    await context.close();
  });

  it('shows the staff page in Traditional Chinese', async () => {
    const { context, page } = await e.newPage({ width: DESK, height: 800 });
    await e.staffSignIn(page, ADMIN, '?lang=hk');
    await page.locator('nav a', { hasText: '員工' }).click();
    await page.getByRole('heading', { name: '員工', exact: true }).waitFor();
    await page.locator('tbody tr', { hasText: 'desk@example.com' }).waitFor();
    await e.shot(page, 'admin-staff-hk');
    await context.close();
  });

  it('masks codes in the outbox and reveals one to a super admin after a confirmation', async () => {
    const { context, page } = await e.newPage({ width: DESK, height: 800 });
    await e.staffSignIn(page, ADMIN);
    await page.locator('nav a', { hasText: 'Outbox' }).click();
    const row = page.locator('tbody tr', { hasText: 'kept@example.com' });
    await row.waitFor();
    const masked = (await row.textContent()) ?? '';
    expect(masked).toContain(OUTBOX_MASK);
    await e.shot(page, 'admin-outbox-masked-en');
    await row.getByRole('button', { name: 'Reveal' }).click();
    await page.getByText('The message to kept@example.com is shown with its code in clear').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Reveal' }).click();
    const body = page.getByTestId('revealed-body');
    await body.waitFor();
    const code = /\b(\d{6})\b/.exec((await body.textContent()) ?? '')?.[1];
    expect(code).toBeDefined();
    // The table never showed it.
    expect(masked).not.toContain(code);
    await e.shot(page, 'admin-outbox-revealed-en');
    await page.getByRole('button', { name: 'Close' }).click();
    await context.close();
  });

  it('flags in the deposit review a proof that is the same image as another deposit', async () => {
    // Mail goes to the outbox here: the code is read with a super admin's reveal, the test-only path the API offers.
    const email = 'twice@example.com';
    expect((await e.api('POST', API.sendEmail, { email, type: '1' })).code).toBe(1);
    const [kept] = (await api('GET', ADMIN_API.outbox, { recipient: email })).data as Array<{ id: number }>;
    const code = /\b(\d{6})\b/.exec(
      ((await api('POST', `${ADMIN_API.outbox}/${kept!.id}/reveal`)) as { body: string }).body,
    )![1]!;
    const password = 'Harbour26x';
    expect(
      (
        await e.api('POST', API.register, {
          type: '1',
          account: email,
          password,
          re_password: password,
          sms_code: code,
          ...SIGN_UP_CONSENT,
        })
      ).code,
    ).toBe(1);
    const token = (await e.api('POST', API.login, { account: email, password, login_type: '1' })).data.token as string;
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 30, g: 140, b: 90 } } })
      .png()
      .toBuffer();
    const upload = async () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'proof.png');
      const res = await fetch(`${e.baseUrl}${API.imageUpload}`, {
        method: 'POST',
        body: form,
        headers: { authorization: token },
      });
      return ((await res.json()) as { data: { url: string } }).data.url;
    };
    const coins = await e.api('GET', API.depositCoins, {}, { authorization: token });
    const ids: number[] = [];
    for (const number of ['125', '126']) {
      const d = await e.api(
        'POST',
        API.depositSubmit,
        { charge_id: String(coins.data[0].id), number, proofImg: await upload() },
        { authorization: token },
      );
      expect(d.code, d.msg).toBe(1);
      ids.push(d.data.id as number);
    }
    const { context, page } = await e.newPage({ width: DESK, height: 800 });
    await e.staffSignIn(page, ADMIN);
    // The console opens on Users (issue 18); the deposits queue is one click away.
    await page.locator('nav a', { hasText: 'Deposits' }).click();
    await page.getByRole('heading', { name: 'Deposits' }).waitFor();
    await page.getByText(`Same proof as #${ids[0]}`).waitFor();
    await page.locator('tbody tr', { hasText: `Same proof as #${ids[0]}` }).click();
    await page.getByText(`This proof is the same image as the one sent with deposit #${ids[0]}`).waitFor();
    // The panel slides in: shoot it once it has stopped.
    await animationsDone(page, 600);
    await e.shot(page, 'admin-deposit-duplicate-en');
    await context.close();
  });

  it('gives compliance the masked outbox without a reveal, and the hk outbox its words', async () => {
    const { context, page } = await e.newPage({ width: DESK, height: 800 });
    await e.staffSignIn(page, { email: 'comp@example.com', password: 'Staff12345' });
    await page.locator('nav a', { hasText: 'Outbox' }).click();
    const row = page.locator('tbody tr', { hasText: 'kept@example.com' });
    await row.waitFor();
    expect(await row.textContent()).toContain(OUTBOX_MASK);
    expect(await page.getByRole('button', { name: 'Reveal' }).count()).toBe(0);
    await context.close();

    const hk = await e.newPage({ width: DESK, height: 800 });
    await e.staffSignIn(hk.page, ADMIN, '?lang=hk');
    await hk.page.locator('nav a', { hasText: '待發郵件及短訊' }).click();
    await hk.page.locator('tbody tr', { hasText: 'kept@example.com' }).getByRole('button', { name: '顯示' }).click();
    await hk.page.getByText('以你的名義記錄在審計日誌').waitFor();
    // The dialog fades in: shoot it once it is fully shown.
    await expect.poll(() => hk.page.getByRole('dialog').evaluate((d) => getComputedStyle(d.parentElement!).opacity)).toBe('1');
    await e.shot(hk.page, 'admin-outbox-reveal-hk');
    await hk.context.close();
  });
});
