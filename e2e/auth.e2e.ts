import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, chromiumPath, startE2E, type E2E } from './support/harness.ts';

const PASSWORD = 'Harbour26x';

describe.skipIf(!chromiumPath())('sign-up, sign-in and the app shell in Chromium', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E();
  });
  afterAll(async () => e?.close());

  async function confirmDialog(page: Page) {
    const confirm = page.locator('.adm-dialog-footer .adm-dialog-button').last();
    await confirm.waitFor();
    await confirm.click();
  }

  async function loginByEmail(page: Page, email: string) {
    await page.getByTestId('login-tab-email').click();
    await page.getByTestId('login-account').fill(email);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
  }

  it('registers by an emailed code, logs in, and logs out', async () => {
    const { context, page } = await e.newPage({ lang: 'en' });
    const email = 'grace@example.com';
    await page.goto('/register');
    await page.getByTestId('register-tab-email').click();
    await page.getByTestId('register-account').fill(email);
    await page.getByTestId('register-country').click();
    await page.getByTestId('country-GB').click();
    await page.getByTestId('register-send-code').click();
    await expect.poll(() => page.getByTestId('register-send-code').isDisabled()).toBe(true);
    await expect.poll(async () => page.getByTestId('register-send-code').textContent()).toMatch(/\d+/);
    const code = await e.lastCode(email);
    await page.getByTestId('register-code').fill(code);
    await page.getByTestId('register-password').fill(PASSWORD);
    await page.getByTestId('register-repassword').fill(PASSWORD);
    await page.getByTestId('register-agree').check();
    await page.getByTestId('register-submit').click();
    await page.waitForURL((u) => u.pathname === '/login');
    // Issue 21: the account just registered is filled in.
    await expect.poll(() => page.getByTestId('login-account').inputValue()).toBe(email);

    await loginByEmail(page, email);
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByTestId('tab-user').click();
    await expect.poll(() => page.getByTestId('user-email').textContent()).toBe(email);
    await expect.poll(() => page.getByTestId('user-uid').textContent()).toMatch(/\d{8}/);
    await e.shot(page, 'user-en');

    await page.goto('/mine/system');
    await page.getByTestId('logout').click();
    await confirmDialog(page);
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto('/user');
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('from') === '/user');
    await context.close();
  });

  it('goes to /login at once when the session is ended elsewhere (session_revoked on the socket)', async () => {
    const { context, page } = await e.newPage({ lang: 'en' });
    let socketLoggedIn = false;
    page.on('websocket', (ws) =>
      ws.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"login_result","code":1')) socketLoggedIn = true;
      }),
    );
    await page.goto('/login');
    await page.getByTestId('mock-login').click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto('/user');
    await expect.poll(() => page.getByTestId('user-balance').textContent()).toMatch(/100,?000\.00/);
    await expect.poll(() => socketLoggedIn).toBe(true);
    const token = await page.evaluate(() => localStorage.getItem('tradepad.token'));
    // Signed out from another device: no request of this page is needed for it to know.
    expect((await e.api('POST', '/api/user/logout', {}, { authorization: token! })).code).toBe(1);
    // Well inside the 15-s session check, so it is the pushed session_revoked that does it.
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('from') === '/user', { timeout: 10_000 });
    expect(await page.evaluate(() => localStorage.getItem('tradepad.token'))).toBeNull();
    await context.close();
  });

  it('opens a demo account with the mock-login button', async () => {
    const { context, page } = await e.newPage({ lang: 'en' });
    await page.goto('/login');
    await page.getByTestId('mock-login').click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto('/user');
    await expect.poll(() => page.getByTestId('user-balance').textContent()).toMatch(/100,?000\.00/);
    await page.getByTestId('balance-toggle').click();
    await expect.poll(() => page.getByTestId('user-balance').textContent()).not.toMatch(/100/);
    // Real-only entries refuse a demo account and stay on the page.
    await page.getByTestId('menu-wallet').click();
    await expect.poll(() => page.locator('.adm-toast-main').textContent()).toMatch(/real account/i);
    expect(new URL(page.url()).pathname).toBe('/user');
    await context.close();
  });

  it('sends a visitor to /login?from= and back after login', async () => {
    const { context, page } = await e.newPage({ lang: 'en' });
    await page.goto('/mine/password');
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('from') === '/mine/password');
    await loginByEmail(page, 'grace@example.com');
    await page.waitForURL((u) => u.pathname === '/mine/password');
    await context.close();
  });

  it('switches language, lays Arabic out right to left, and follows ?lang=', async () => {
    const { context, page } = await e.newPage();
    await page.goto('/');
    expect(await page.getAttribute('html', 'lang')).toBe('zh-HK');
    await page.goto('/language');
    await page.getByTestId('lang-ar').click();
    await expect.poll(() => page.getAttribute('html', 'dir')).toBe('rtl');
    expect(await page.getAttribute('html', 'lang')).toBe('ar');
    await page.goto('/login');
    const box = await page.getByTestId('login-submit').boundingBox();
    expect(box).not.toBeNull();
    await e.shot(page, 'login-ar');
    // The stored choice survives a reload; ?lang= wins over it, and tw means hk.
    await page.reload();
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    await page.goto('/login?lang=de');
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('de');
    expect(await page.getAttribute('html', 'dir')).toBe('ltr');
    await page.goto('/login?lang=tw');
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('zh-HK');
    await page.goto('/login?lang=klingon');
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('zh-HK');
    await context.close();
  });

  it("keeps a tab screen's scroll position when switching tabs", async () => {
    const { context, page } = await e.newPage({ lang: 'en', height: 500 });
    await page.goto('/login');
    await page.getByTestId('mock-login').click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByTestId('tab-user').click();
    await page.getByTestId('user-uid').waitFor();
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(200);
    const y = await page.evaluate(() => window.scrollY);
    await page.getByTestId('tab-home').click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByTestId('tab-user').click();
    await page.waitForURL((u) => u.pathname === '/user');
    await page.waitForTimeout(100);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - y)).toBeLessThan(5);
    await context.close();
  });

  it('resets a forgotten password by emailed code, then changes it while signed in', async () => {
    const { context, page } = await e.newPage({ lang: 'en' });
    const email = 'grace@example.com';
    await page.goto('/forgot');
    await page.getByTestId('forgot-tab-email').click();
    await page.getByTestId('forgot-account').fill(email);
    const sent = mailCount(e, email);
    await page.getByTestId('forgot-send-code').click();
    const code = await codeAfter(e, email, sent);
    await page.getByTestId('forgot-code').fill(code);
    await page.getByTestId('forgot-password').fill('Reset4567');
    await page.getByTestId('forgot-repassword').fill('Reset4567');
    await page.getByTestId('forgot-submit').click();
    await page.waitForURL((u) => u.pathname === '/login');

    await page.getByTestId('login-tab-email').click();
    await page.getByTestId('login-account').fill(email);
    await page.getByTestId('login-password').fill('Reset4567');
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => u.pathname === '/');

    await page.goto('/mine/password');
    await page.getByTestId('password-old').fill('Reset4567');
    await page.getByTestId('password-new').fill(PASSWORD);
    // Mismatched repeat: a local message, nothing sent.
    await page.getByTestId('password-repeat').fill('Different1');
    await page.getByTestId('password-submit').click();
    await expect.poll(() => page.locator('.adm-toast-main').textContent()).toBeTruthy();
    await page.getByTestId('password-repeat').fill(PASSWORD);
    const sent2 = mailCount(e, email);
    await page.getByTestId('password-send-code').click();
    const code2 = await codeAfter(e, email, sent2);
    await page.getByTestId('password-code').fill(code2);
    await page.getByTestId('password-submit').click();
    await expect
      .poll(
        async () => (await e.api('POST', '/api/user/loginForU', { account: email, password: PASSWORD, login_type: '1' })).code,
      )
      .toBe(1);
    expect(new URL(page.url()).pathname).not.toBe('/login');
    await context.close();
  });

  it('serves the back office at /admin/, where staff sign in and read the outbox', async () => {
    // Staff sign in with an authenticator code (DESIGN §10): enrolled through the API first.
    await e.staffLogin(ADMIN);
    const { context, page } = await e.newPage({ width: 1280, height: 800 });
    await page.goto('/admin/');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('The account or password is incorrect');
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('admin-login-totp').fill(await e.staffCode(ADMIN.email));
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The console opens on the deposits waiting for review; the outbox is one link away.
    await page.getByRole('link', { name: 'Outbox' }).click();
    await page.getByRole('heading', { name: 'Outbox' }).waitFor();
    await e.shot(page, 'admin-outbox');
    await context.close();
  });
});

const mailCount = (e: E2E, email: string) => e.mail.filter((m) => m.to === email).length;

/** The code of the first mail to `email` after `before` mails had arrived. */
async function codeAfter(e: E2E, email: string, before: number): Promise<string> {
  await expect.poll(() => mailCount(e, email), { timeout: 5000 }).toBeGreaterThan(before);
  return e.lastCode(email);
}
