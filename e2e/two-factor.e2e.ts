import { ADMIN_API, API } from '@tradepad/contracts';
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, chromiumPath, startE2E, type E2E, SIGN_UP_CONSENT } from './support/harness.ts';

/**
 * Two-factor sign-in in Chromium (DESIGN §10, issue 17 point 5): a trader turns it on in the app (QR code, key, code,
 * recovery codes shown once) and is then asked for the code at log-in; a new staff member replaces the given password,
 * then sees only the enrolment page, and the console once the code is confirmed.
 */
const PASSWORD = 'Harbour26x';
const STEP = 30;
/** The authenticator's code for `secret` at time step `step`. */
const codeAtStep = (secret: string, step: number) => generate({ secret, epoch: step * STEP });
const stepNow = () => Math.floor(Date.now() / 1000 / STEP);

// Each log-in and enrolment spends a 30-s step of the authenticator, and a 2-core machine loads the console slowly.
describe.skipIf(!chromiumPath())('two-factor sign-in in Chromium', () => {
  let e: E2E;
  let adminToken = '';

  async function register(email: string): Promise<void> {
    expect((await e.api('POST', API.sendEmail, { email, type: '1' })).code).toBe(1);
    const reg = await e.api('POST', API.register, {
      type: '1',
      account: email,
      password: PASSWORD,
      re_password: PASSWORD,
      sms_code: await e.lastCode(email),
      ...SIGN_UP_CONSENT,
    });
    expect(reg.code, reg.msg).toBe(1);
  }

  /** Fills the app's log-in form and submits it. */
  async function submitLogin(page: Page, email: string) {
    await page.goto('/login');
    await page.getByTestId('login-tab-email').click();
    await page.getByTestId('login-account').fill(email);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
  }

  beforeAll(async () => {
    e = await startE2E();
    adminToken = await e.staffLogin(ADMIN);
  });
  afterAll(async () => e?.close());

  it('turns two-factor on in the app, shows the recovery codes once, then asks for the code at log-in', async () => {
    const email = 'two-factor@example.com';
    await register(email);
    const { context, page } = await e.newPage({ lang: 'en' });
    await submitLogin(page, email);
    await page.waitForURL((u) => u.pathname === '/');

    await page.goto('/user');
    await page.getByTestId('menu-twoFactor').click();
    await page.getByTestId('twofa-setup').click();
    await page.getByTestId('twofa-qr').waitFor();
    const secret = (await page.getByTestId('twofa-secret').textContent())!.replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await e.shot(page, 'twofa-setup-en');
    const step = stepNow();
    await page.getByTestId('twofa-enable-code').fill(await codeAtStep(secret, step));
    await page.getByTestId('twofa-enable').click();
    await page.getByTestId('twofa-recovery').waitFor();
    const recovery = await page.getByTestId('twofa-recovery-code').allTextContents();
    expect(recovery).toHaveLength(10);
    await e.shot(page, 'twofa-recovery-en');
    await page.getByTestId('twofa-recovery-done').click();
    await page.getByTestId('twofa-state-on').waitFor();
    await e.shot(page, 'twofa-on-en');
    await context.close();

    // A new device: the password alone is not enough; the form asks for the code, and the next step's code opens.
    const fresh = await e.newPage({ lang: 'en' });
    await submitLogin(fresh.page, email);
    await fresh.page.getByTestId('login-totp').waitFor();
    expect(await fresh.page.evaluate(() => localStorage.getItem('tradepad.token'))).toBeNull();
    await e.shot(fresh.page, 'twofa-login-en');
    await fresh.page.getByTestId('login-totp').fill(await codeAtStep(secret, step + 1));
    await fresh.page.getByTestId('login-submit').click();
    await fresh.page.waitForURL((u) => u.pathname === '/');
    expect(await fresh.page.evaluate(() => localStorage.getItem('tradepad.token'))).toBeTruthy();
    await fresh.context.close();

    // The log-in's code field in Traditional Chinese and Arabic, each passed with a recovery code (one use each).
    for (const [lang, code] of [
      ['hk', recovery[0]!],
      ['ar', recovery[1]!],
    ] as const) {
      const other = await e.newPage({ lang });
      await submitLogin(other.page, email);
      await other.page.getByTestId('login-totp').waitFor();
      await e.shot(other.page, `twofa-login-${lang}`);
      await other.page.getByTestId('login-totp').fill(code);
      await other.page.getByTestId('login-submit').click();
      await other.page.waitForURL((u) => u.pathname === '/');
      await other.page.goto('/mine/two-factor');
      await other.page.getByTestId('twofa-state-on').waitFor();
      await e.shot(other.page, `twofa-on-${lang}`);
      await other.context.close();
    }
  }, 120_000);

  it('shows the set-up in Traditional Chinese and Arabic', async () => {
    const email = 'two-factor-langs@example.com';
    await register(email);
    for (const lang of ['hk', 'ar']) {
      const { context, page } = await e.newPage({ lang });
      await submitLogin(page, email);
      await page.waitForURL((u) => u.pathname === '/');
      await page.goto('/mine/two-factor');
      await page.getByTestId('twofa-state-off').waitFor();
      await page.getByTestId('twofa-setup').click();
      await page.getByTestId('twofa-qr').waitFor();
      await e.shot(page, `twofa-setup-${lang}`);
      await context.close();
    }
  }, 120_000);

  /** The forced change of a password another staff member set; `who.password` is the new one afterwards. */
  async function replaceGivenPassword(page: Page, who: { password: string }) {
    await page.getByTestId('admin-password').waitFor();
    const own = `${who.password}-own`;
    await page.getByTestId('admin-password-old').fill(who.password);
    await page.getByTestId('admin-password-new').fill(own);
    await page.getByTestId('admin-password-repeat').fill(own);
    await page.getByTestId('admin-password-submit').click();
    who.password = own;
  }

  it('takes a new staff member to enrolment at first sign-in, and opens the console once the code is confirmed', async () => {
    const who = { email: 'newcomer@example.com', password: 'Staff12345' };
    const created = await e.api(
      'POST',
      ADMIN_API.staff,
      { ...who, name: 'Newcomer', role: 'finance' },
      { authorization: adminToken },
    );
    expect(created.code, created.msg).toBe(1);
    const { context, page } = await e.newPage({ width: 1280, height: 800 });
    await page.goto('/admin/');
    await page.locator('input[type=email]').fill(who.email);
    await page.locator('input[type=password]').fill(who.password);
    await page.locator('button[type=submit]').click();
    // The password the creator chose is replaced first (DESIGN §16), then enrolment.
    await replaceGivenPassword(page, who);
    await page.getByTestId('admin-enrol-qr').waitFor();
    // Nothing else of the console meanwhile.
    expect(await page.locator('nav a').count()).toBe(0);
    await e.shot(page, 'admin-enrol-en');
    const secret = (await page.getByTestId('admin-enrol-secret').locator('code').textContent())!.trim();
    const step = stepNow();
    await page.getByTestId('admin-enrol-code').fill(await codeAtStep(secret, step));
    await page.getByTestId('admin-enrol-confirm').click();
    await page.locator('nav a').first().waitFor();
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
    await context.close();

    // From now on the sign-in page asks for the code.
    const again = await e.newPage({ width: 1280, height: 800 });
    await again.page.goto('/admin/');
    await again.page.locator('input[type=email]').fill(who.email);
    await again.page.locator('input[type=password]').fill(who.password);
    await again.page.locator('button[type=submit]').click();
    await again.page.getByTestId('admin-login-totp').waitFor();
    await e.shot(again.page, 'admin-login-totp-en');
    await again.page.getByTestId('admin-login-totp').fill(await codeAtStep(secret, step + 1));
    await again.page.locator('button[type=submit]').click();
    await again.page.locator('nav a').first().waitFor();
    await again.context.close();
  }, 120_000);

  it('shows the enrolment page in Traditional Chinese', async () => {
    const hk = { email: 'newcomer-hk@example.com', password: 'Staff12345' };
    await e.api('POST', ADMIN_API.staff, { ...hk, name: '新同事', role: 'support' }, { authorization: adminToken });
    const zh = await e.newPage({ width: 1280, height: 800 });
    await zh.page.goto('/admin/?lang=hk');
    await zh.page.locator('input[type=email]').fill(hk.email);
    await zh.page.locator('input[type=password]').fill(hk.password);
    await zh.page.locator('button[type=submit]').click();
    await replaceGivenPassword(zh.page, hk);
    await zh.page.getByTestId('admin-enrol-qr').waitFor();
    await e.shot(zh.page, 'admin-enrol-hk');
    await zh.context.close();
  }, 120_000);
});
