import { pngOf } from './support/png.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN_API, API, LANG_TAGS } from '@tradepad/contracts';
import { ADMIN, chromiumPath, overflow, registerByMail, navigateInApp, startE2E, type E2E } from './support/harness.ts';

/**
 * The wallet in the browser (issue "Wallet, real-name, invites", screens): a real user reports a bank wire with a
 * proof photo, sees it under review, staff approve it in the back office and the wallet's balance grows by exactly
 * the amount; then the same user applies for real-name verification, is refused with a reason, reads it and applies
 * again; once verified, binds a coin address from the withdrawal form and withdraws, the amount moving to the locked
 * balance. Last, every new screen is photographed at 390×844 in hk, en, ar and de, none overflowing sideways.
 */

const PASSWORD = 'Harbour26x';

/** Decimal strings as whole cents ("1,250.00" → 125000), so money is compared exactly. */
const cents = (text: string): number => {
  const m = /^(-)?([\d,]+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) throw new Error(`not an amount with at most 2 decimals: ${text}`);
  const value = Number(m[2]!.replace(/,/g, '')) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -value : value;
};

const photo = (name: string, rgb: [number, number, number]) => ({ name, mimeType: 'image/png', buffer: pngOf(48, rgb) });

describe.skipIf(!chromiumPath())('wallet, deposits and real-name verification in Chromium', () => {
  let e: E2E;
  let staffToken = '';
  const email = 'wallet-user@example.com';
  let userToken = '';
  let userProfile: { id: number } & Record<string, unknown>;

  beforeAll(async () => {
    e = await startE2E();
    // A real user, registered with the code mailed to them.
    await registerByMail(e, email, PASSWORD);
    staffToken = await e.staffLogin(ADMIN);
  });
  afterAll(async () => e?.close());

  const staff = async (method: 'GET' | 'POST', path: string, params: Record<string, string> = {}) => {
    const res = await e.api(method, path, params, { authorization: staffToken });
    expect(res.code, `${path}: ${res.msg}`).toBe(1);
    return res.data;
  };

  async function signIn(page: Page) {
    await page.goto('/login');
    await page.getByTestId('login-tab-email').click();
    await page.getByTestId('login-account').fill(email);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => u.pathname === '/');
    userToken = await page.evaluate(() => localStorage.getItem('tradepad.token') ?? '');
    userProfile = JSON.parse(await page.evaluate(() => localStorage.getItem('tradepad.profile') ?? '{}'));
  }

  it('reports a bank wire with a proof, staff approve it, and the balance grows by exactly the amount', async () => {
    const { context, page } = await e.newPage({ lang: 'en' });
    await signIn(page);

    // The Me screen leads to the wallet.
    await page.goto('/user');
    await page.getByTestId('menu-wallet').click();
    await page.waitForURL((u) => u.pathname === '/mine/wallet');
    const balance = page.getByTestId('wallet-balance');
    await balance.waitFor();
    const before = cents((await balance.textContent()) ?? '');

    await page.getByTestId('wallet-charge').click();
    await page.waitForURL((u) => u.pathname === '/mine/charge');
    await page.getByTestId('charge-tab-bank').click();
    await page.getByTestId('charge-bank-USD').click();
    await expect.poll(() => page.getByTestId('wire-bank_name').textContent()).not.toBe('');
    await page.getByTestId('charge-amount').fill('250.75');

    // Without a proof the form refuses and says so.
    await page.getByTestId('charge-submit').click();
    await expect.poll(() => page.getByTestId('charge-amount').getAttribute('aria-invalid')).toBe('false');
    await page.locator('.adm-toast-main').getByText('Please upload the payment proof').waitFor();

    // A file that is not an image is refused before uploading.
    await page
      .getByTestId('charge-proof')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
    await page.locator('.adm-toast-main').getByText('Please choose an image file').waitFor();
    expect(await page.getByTestId('charge-proof-preview').count()).toBe(0);

    await page.getByTestId('charge-proof').setInputFiles(photo('receipt.png', [30, 90, 200]));
    await page.getByTestId('charge-proof-remove').waitFor();
    await e.shot(page, 'wallet-charge-bank-en');

    // A double click sends one deposit.
    await page.getByTestId('charge-submit').dblclick();
    await page.waitForURL((u) => u.pathname === '/mine/charge' && u.searchParams.get('view') === 'records');
    const list = await e.api('GET', API.depositList, { page: '1' }, { authorization: userToken });
    expect(list.code).toBe(1);
    expect(list.data.total).toBe(1);
    const id = list.data.data[0].id as number;
    await expect.poll(() => page.getByTestId(`deposit-status-${id}`).textContent()).toBe('Under review');
    expect(await page.getByTestId(`deposit-amount-${id}`).textContent()).toContain('250.75');
    await e.shot(page, 'wallet-charge-records-en');

    // Staff approve it in the back office.
    const queue = await staff('GET', ADMIN_API.deposits, { status: '0', user_id: String(userProfile.id) });
    const item = (queue.data as { id: number; user_id: number; status: number }[]).find((d) => d.user_id === userProfile.id);
    expect(item?.status).toBe(0);
    await staff('POST', `${ADMIN_API.deposits}/${item!.id}/approve`);

    await page.reload();
    await expect.poll(() => page.getByTestId(`deposit-status-${id}`).textContent()).toBe('Completed');
    await page.goto('/mine/wallet');
    await expect.poll(async () => cents((await page.getByTestId('wallet-balance').textContent()) ?? '0')).toBe(before + 25_075);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await e.shot(page, 'wallet-en');
    await context.close();
  });

  it('applies for real-name verification, reads why it was refused, and applies again', async () => {
    const { context, page } = await e.newPage({ lang: 'en' });
    await signIn(page);
    await page.goto('/user');
    await page.getByTestId('menu-auth').click();
    await page.waitForURL((u) => u.pathname === '/mine/auth');

    const apply = async (name: string) => {
      await page.getByTestId('kyc-name').fill(name);
      await page.getByTestId('kyc-card-id').fill('A1234567');
      await page.getByTestId('kyc-front').setInputFiles(photo('front.png', [200, 200, 200]));
      await page.getByTestId('kyc-front-remove').waitFor();
      // The back is required too.
      await page.getByTestId('kyc-submit').click();
      await page.locator('.adm-toast-main').getByText('Please upload the back of your ID').waitFor();
      await page.getByTestId('kyc-back').setInputFiles(photo('back.png', [120, 120, 120]));
      await page.getByTestId('kyc-back-remove').waitFor();
      await page.getByTestId('kyc-submit').click();
      await expect.poll(() => page.getByTestId('kyc-status').getAttribute('data-status')).toBe('1');
      expect(await page.getByTestId('kyc-status-title').textContent()).toBe('Under review');
    };

    await page.getByTestId('kyc-name').waitFor();
    await e.shot(page, 'wallet-auth-form-en');
    await apply('Ada Lovelace');
    await e.shot(page, 'wallet-auth-waiting-en');

    const queue = await staff('GET', ADMIN_API.kyc, { user_id: String(userProfile.id) });
    const pending = (queue.data as { id: number; status: number }[]).find((k) => k.status === 1);
    expect(pending).toBeTruthy();
    await staff('POST', `${ADMIN_API.kyc}/${pending!.id}/reject`, { remark: 'The photo of the front is blurry' });

    await page.reload();
    await expect.poll(() => page.getByTestId('kyc-remark').textContent()).toContain('The photo of the front is blurry');
    await e.shot(page, 'wallet-auth-rejected-en');
    await page.getByTestId('kyc-apply-again').click();
    await apply('Ada King Lovelace');
    await context.close();
  });

  // Two codes (bind, then withdraw) are at least the 60-s resend wait apart: the address is bound here, the screens
  // in four languages are taken meanwhile, and the withdrawal follows them.
  let bindCodeAt = 0;
  it('binds a TRC20 address from the withdrawal form, with a code, and the new address waits before it can be used', async () => {
    // Withdrawing needs an approved real-name verification by default.
    const queue = await staff('GET', ADMIN_API.kyc, { user_id: String(userProfile.id) });
    const pending = (queue.data as { id: number; status: number }[]).find((k) => k.status === 1);
    await staff('POST', `${ADMIN_API.kyc}/${pending!.id}/approve`);

    const { context, page } = await e.newPage({ lang: 'en' });
    await signIn(page);
    await page.goto('/mine/wallet');
    await page.getByTestId('wallet-balance').waitFor();
    await page.getByTestId('wallet-withdraw').click();
    await page.waitForURL((u) => u.pathname === '/mine/withdraw');
    await page.getByTestId('withdraw-currency-USDT-TRC20').click();
    await page.getByTestId('withdraw-amount').fill('100');

    // No address yet: the form offers to bind one, and comes back after.
    await page.getByTestId('withdraw-submit').click();
    await page.locator('.adm-dialog').getByRole('button', { name: 'Add now' }).click();
    await page.waitForURL((u) => u.pathname === '/mine/withdraw-way' && u.searchParams.get('type') === '1');
    // A malformed address is refused by the server with its message.
    await page.getByTestId('way-address').fill('not-an-address');
    await page.getByTestId('way-submit').click();
    await page.locator('.adm-toast-main').waitFor();
    expect(new URL(page.url()).pathname).toBe('/mine/withdraw-way');
    await page.getByTestId('way-address').fill('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    // Binding needs a code sent to the account's own address (shown masked); none typed yet: nothing is sent.
    expect(await page.getByTestId('way-code-target').textContent()).toContain('w***r@example.com');
    await page.getByTestId('way-submit').click();
    expect(new URL(page.url()).pathname).toBe('/mine/withdraw-way');
    await page.getByTestId('way-send-code').click();
    bindCodeAt = Date.now();
    await page.getByTestId('way-code').fill(await e.lastCode(email));
    await e.shot(page, 'wallet-withdraw-way-code-en');
    await page.getByTestId('way-submit').click();
    await page.waitForURL((u) => u.pathname === '/mine/withdraw');

    // The new address waits withdraw_method_hold_hours (24 by default): the form says from when.
    await page.getByTestId('withdraw-currency-USDT-TRC20').click();
    const held = page.locator('[data-testid^="withdraw-method-hold-"]');
    await held.waitFor();
    expect(await held.textContent()).toMatch(/^Usable from /);
    await e.shot(page, 'wallet-withdraw-hold-en');
    await staff('POST', ADMIN_API.settings, { withdraw_method_hold_hours: '0' });
    await context.close();
  });

  const screens = [
    ['/mine/wallet', 'wallet'],
    ['/mine/charge', 'charge'],
    ['/mine/charge?tab=bank', 'charge'],
    ['/mine/withdraw', 'withdraw'],
    ['/mine/withdraw?type=2', 'withdraw'],
    ['/mine/withdraw?view=records', 'withdrawRecords'],
    ['/mine/coin-address-list', 'coinAddressList'],
    ['/mine/bank-card-list', 'bankCardList'],
    ['/mine/withdraw-way?type=1', 'withdrawWay'],
    ['/mine/withdraw-way?type=2', 'withdrawWay'],
    ['/mine/auth', 'auth'],
    ['/mine/invite', 'invite'],
  ] as const;
  // One test per language: each opens all twelve screens, inside the app as a trader moves between them; a screen
  // that only changes its query from the one before is loaded afresh (the same page would otherwise pass for it).
  for (const lang of ['hk', 'en', 'ar', 'de'])
    it(`shows each new screen at phone size in ${lang} without sideways overflow`, async () => {
      const { context, page } = await e.newPage({ lang });
      await page.goto('/language');
      await page.evaluate(
        ([t, p]) => {
          localStorage.setItem('tradepad.token', t);
          localStorage.setItem('tradepad.profile', p);
        },
        [userToken, JSON.stringify(userProfile)] as const,
      );
      let previous = '';
      for (const [path, name] of screens) {
        if (previous && name !== previous) await navigateInApp(page, path);
        else await page.goto(path);
        previous = name;
        await page.getByTestId(`page-${name}`).waitFor({ timeout: 10_000 });
        await page.waitForTimeout(400);
        const over = await overflow(page);
        expect(over, `${path} in ${lang} overflows by ${over}px`).toBeLessThanOrEqual(0);
        expect(await page.getAttribute('html', 'dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
        await e.shot(page, `wallet-${path.slice(6).replace(/[?=&]/g, '-')}-${lang}`);
      }
      // The withdrawal's final "send X to Y" step, in this language (nothing is sent: it is cancelled).
      await navigateInApp(page, '/mine/withdraw');
      await page.getByTestId('withdraw-currency-USDT-TRC20').click();
      await page.locator('[data-testid^="withdraw-method-"][aria-checked="true"]').waitFor();
      await page.getByTestId('withdraw-amount').fill('20');
      await page.getByTestId('withdraw-code').fill('123456');
      await page.getByTestId('withdraw-submit').click();
      await page.getByTestId('withdraw-confirm').waitFor();
      await page.waitForTimeout(400);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await e.shot(page, `wallet-withdraw-confirm-${lang}`);
      await page.getByTestId('withdraw-confirm-cancel').click();
      await context.close();
    });

  it('withdraws to the bound address with the fee shown as typed, and the amount is locked', async () => {
    const { context, page } = await e.newPage({ lang: 'en' });
    await signIn(page);
    await page.goto('/mine/wallet');
    await page.getByTestId('wallet-balance').waitFor();
    const before = cents((await page.getByTestId('wallet-balance').textContent()) ?? '');
    await page.getByTestId('wallet-withdraw').click();
    await page.waitForURL((u) => u.pathname === '/mine/withdraw');

    // The hold is over (withdraw_method_hold_hours 0): the bound address is chosen and usable.
    await page.getByTestId('withdraw-currency-USDT-TRC20').click();
    await page.locator('[data-testid^="withdraw-method-"][aria-checked="true"]').waitFor();
    expect(await page.locator('[data-testid^="withdraw-method-hold-"]').count()).toBe(0);
    await page.getByTestId('withdraw-amount').fill('100');
    // TRC20 takes a fixed fee of 1 USD.
    await expect.poll(() => page.getByTestId('withdraw-fee').textContent()).toBe('1.00 USD');
    expect(await page.getByTestId('withdraw-received').textContent()).toBe('99.00 USDT');
    // A new code for the withdrawal (one code serves one action), once the 60-s resend wait is over.
    await page.waitForTimeout(Math.max(0, bindCodeAt + 61_000 - Date.now()));
    await page.getByTestId('withdraw-send-code').click();
    await expect.poll(() => page.getByTestId('withdraw-send-code').isDisabled()).toBe(true);
    await page.getByTestId('withdraw-code').fill(await e.lastCode(email));
    await e.shot(page, 'wallet-withdraw-form-en');

    // The final step says what goes where before anything is sent; going back sends nothing.
    await page.getByTestId('withdraw-submit').click();
    await page.getByTestId('withdraw-confirm').waitFor();
    const line = (await page.getByTestId('withdraw-confirm-line').textContent()) ?? '';
    expect(line.replace(/[\u2068\u2069]/g, '')).toBe('Send 100.00 USD to TR7NHq…gjLj6t?');
    expect(await page.getByTestId('withdraw-confirm-fee').textContent()).toBe('1.00 USD');
    expect(await page.getByTestId('withdraw-confirm-received').textContent()).toBe('99.00 USDT');
    await e.shot(page, 'wallet-withdraw-confirm-en');
    await page.getByTestId('withdraw-confirm-cancel').click();
    await page.getByTestId('withdraw-confirm').waitFor({ state: 'detached' });
    expect((await e.api('GET', API.drawList, { page: '1' }, { authorization: userToken })).data.total).toBe(0);
    await page.getByTestId('withdraw-submit').click();
    await page.getByTestId('withdraw-confirm-submit').dblclick();
    await page.waitForURL((u) => u.searchParams.get('view') === 'records');
    const list = await e.api('GET', API.drawList, { page: '1' }, { authorization: userToken });
    expect(list.data.total).toBe(1);
    const id = list.data.data[0].id as number;
    await expect.poll(() => page.getByTestId(`withdrawal-status-${id}`).textContent()).toBe('Under review');

    await page.goto('/mine/wallet');
    await expect.poll(async () => cents((await page.getByTestId('wallet-locked').textContent()) ?? '0')).toBe(10_000);
    expect(cents((await page.getByTestId('wallet-balance').textContent()) ?? '')).toBe(before - 10_000);

    // The bound address is listed, and deleting it asks first.
    await page.getByTestId('wallet-coin-addresses').click();
    await page.getByTestId('method-list').waitFor();
    const remove = page.locator('[data-testid^="method-delete-"]').first();
    await remove.click();
    await page.locator('.adm-dialog').getByRole('button', { name: 'Cancel' }).click();
    expect(await page.locator('[data-testid^="method-delete-"]').count()).toBe(1);
    await e.shot(page, 'wallet-coin-addresses-en');

    // The screens above were taken before the withdrawal: its row and the locked amount in the other languages too,
    // switched on the language page of this same tab and reached inside the app (a reload would start in English,
    // the page's language).
    for (const lang of ['hk', 'ar', 'de'] as const) {
      await navigateInApp(page, '/language');
      await page.getByTestId(`lang-${lang}`).click();
      await expect.poll(() => page.getAttribute('html', 'lang')).toBe(LANG_TAGS[lang]);
      for (const [path, ready] of [
        ['/mine/withdraw?view=records', `withdrawal-status-${id}`],
        ['/mine/wallet', 'wallet-locked'],
      ] as const) {
        await navigateInApp(page, path);
        await page.getByTestId(ready).waitFor();
        const over = await overflow(page);
        expect(over, `${path} in ${lang} overflows by ${over}px`).toBeLessThanOrEqual(0);
        expect(await page.getAttribute('html', 'dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
        await e.shot(page, `wallet-after-withdrawal-${path.slice(6).replace(/[?=&]/g, '-')}-${lang}`);
      }
    }
    await context.close();
  }, 150_000);

  it('gives a demo user the only-real-account message instead of the screens', async () => {
    const uuid = 'e2e-wallet-demo-0000-000000000000';
    const demo = await e.api('GET', API.createDemo, { uuid });
    const login = await e.api('POST', API.login, { account: demo.data.demo_id, password: uuid, login_type: '3' });
    const { context, page } = await e.newPage({ lang: 'en' });
    await page.goto('/language');
    await page.evaluate(
      ([t, p]) => {
        localStorage.setItem('tradepad.token', t);
        localStorage.setItem('tradepad.profile', p);
      },
      [login.data.token as string, JSON.stringify(login.data)] as const,
    );
    for (const path of ['/mine/charge', '/mine/withdraw', '/mine/wallet', '/mine/auth', '/mine/invite']) {
      await page.goto(path);
      await page.getByTestId('only-real').waitFor();
      expect(await page.getByTestId('only-real').textContent()).toContain('only available for real accounts');
    }
    await page.goto('/user');
    await page.getByTestId('user-charge').click();
    await page.locator('.adm-toast-main').getByText('only available for real accounts').waitFor();
    expect(new URL(page.url()).pathname).toBe('/user');
    await context.close();
  });
});
