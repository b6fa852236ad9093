import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type OwnSession } from '@tradepad/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import {
  chromiumPath,
  demoLogin,
  overflow,
  PHONE,
  registerByMail,
  signedInPage,
  startE2E,
  type E2E,
  type SignIn,
} from './support/harness.ts';

/**
 * Signed-in devices in Chromium (issue 29 point 6, ASVS 7.5.2): a trader signed in on two devices sees both on
 * /mine/devices, this one marked, and signs the other out, which the other device's app follows to the log-in screen
 * at once; all other devices at once, and this one (the app signed out as logout does). Photographed at 390×844 in
 * en, hk, ar and de, none overflowing sideways.
 */
const PASSWORD = 'Harbour26x';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe.skipIf(!chromiumPath())('signed-in devices in Chromium', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E();
  });
  afterAll(async () => e?.close());

  /** A phone-sized page whose browser sends `userAgent` (the device the session list names). */
  async function deviceAs(userAgent: string, lang = 'en'): Promise<{ context: BrowserContext; page: Page }> {
    const context = await e.browser.newContext({
      viewport: PHONE,
      deviceScaleFactor: 1,
      isMobile: true,
      hasTouch: true,
      baseURL: e.baseUrl,
      userAgent,
    });
    await context.addInitScript((l) => localStorage.setItem('tradepad.lang', l), lang);
    const page = await context.newPage();
    page.on('pageerror', (err) => console.error('page error:', err.message));
    return { context, page };
  }

  async function logIn(page: Page, email: string) {
    await page.goto('/login');
    await page.getByTestId('login-tab-email').click();
    await page.getByTestId('login-account').fill(email);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => u.pathname === '/');
  }

  async function confirmDialog(page: Page) {
    const confirm = page.locator('.adm-dialog-footer .adm-dialog-button').last();
    await confirm.waitFor();
    await confirm.click();
  }

  const sessionsOf = async (token: string) =>
    ((await e.api('GET', API.userSessions, {}, { authorization: token })).data as { data: OwnSession[] }).data;

  const rows = (page: Page) => page.getByTestId('device-row');

  it('lists both devices, this one marked, and signs the other out: that app goes to the log-in screen', async () => {
    const email = 'two-devices@example.com';
    await registerByMail(e, email, PASSWORD);

    // The other device: an iPhone, on its Me screen with its socket logged in.
    const other = await deviceAs(IPHONE);
    let otherSocketIn = false;
    other.page.on('websocket', (ws) =>
      ws.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"login_result","code":1')) otherSocketIn = true;
      }),
    );
    await logIn(other.page, email);
    await other.page.goto('/user');
    await other.page.getByTestId('user-email').waitFor();
    await expect.poll(() => otherSocketIn).toBe(true);

    // This device: an Android phone, from the Me screen's menu to the devices page.
    const mine = await deviceAs(ANDROID);
    await logIn(mine.page, email);
    await mine.page.goto('/user');
    await mine.page.getByTestId('menu-devices').click();
    await mine.page.waitForURL((u) => u.pathname === '/mine/devices');
    await mine.page.getByTestId('devices-list').waitFor();
    await expect.poll(() => rows(mine.page).count()).toBe(2);
    // This device first, marked, then the other by its browser and system.
    expect(await rows(mine.page).first().getAttribute('data-current')).toBe('true');
    expect(await rows(mine.page).first().getByTestId('device-name').textContent()).toBe('Chrome on Android');
    expect(await rows(mine.page).first().getByTestId('device-current').textContent()).toBe('This device');
    const otherRow = rows(mine.page).nth(1);
    expect(await otherRow.getAttribute('data-current')).toBe('false');
    expect(await otherRow.getByTestId('device-name').textContent()).toBe('Safari on iPhone');
    expect(await otherRow.getByTestId('device-current').count()).toBe(0);
    expect(await otherRow.getByTestId('device-ip').textContent()).toBe('127.0.0.1');
    // Signed in and last used, in the reader's conventions (a date with a year).
    expect(await otherRow.locator('dd').nth(1).textContent()).toMatch(/20\d\d/);
    // One other device: its own button, no "all others".
    expect(await mine.page.getByTestId('devices-signout-others').count()).toBe(0);

    await otherRow.getByTestId('device-signout').click();
    await expect.poll(() => mine.page.locator('.adm-dialog-content').textContent()).toContain('Safari on iPhone');
    await confirmDialog(mine.page);
    await expect.poll(() => rows(mine.page).count()).toBe(1);
    expect(await rows(mine.page).first().getAttribute('data-current')).toBe('true');

    // The other app hears of it on its socket, well before its periodic session check, and asks to log in again.
    await other.page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('from') === '/user', { timeout: 10_000 });
    expect(await other.page.evaluate(() => localStorage.getItem('tradepad.token'))).toBeNull();
    // This one goes on.
    const token = (await mine.page.evaluate(() => localStorage.getItem('tradepad.token')))!;
    expect((await sessionsOf(token)).map((s) => s.current)).toEqual([true]);
    await other.context.close();
    await mine.context.close();
  });

  it('shows the page in en, hk, ar and de; signs out every other device, then this one', async () => {
    const email = 'many-devices@example.com';
    await registerByMail(e, email, PASSWORD);
    const signIn = async (userAgent: string) => {
      const r = await e.api(
        'POST',
        API.login,
        { account: email, password: PASSWORD, login_type: '1' },
        { 'user-agent': userAgent },
      );
      expect(r.code, r.msg).toBe(1);
      return r.data as SignIn;
    };
    await signIn(WINDOWS);
    await signIn(ANDROID);
    const here = await signIn(IPHONE);

    for (const lang of ['en', 'hk', 'ar', 'de']) {
      const { context, page } = await signedInPage(e, here, { lang });
      await page.goto('/mine/devices');
      await page.getByTestId('devices-list').waitFor();
      await expect.poll(() => rows(page).count()).toBe(3);
      expect(await rows(page).first().getAttribute('data-current')).toBe('true');
      await page.getByTestId('devices-signout-others').waitFor();
      if (lang === 'ar') expect(await page.getAttribute('html', 'dir')).toBe('rtl');
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await e.shot(page, `devices-${lang}`);
      if (lang !== 'de') {
        await context.close();
        continue;
      }

      // Every other device at once, after a confirm that counts them.
      await page.getByTestId('devices-signout-others').click();
      await expect.poll(() => page.locator('.adm-dialog-content').textContent()).toContain('(2)');
      await page.waitForTimeout(400); // the dialog's opening animation
      await e.shot(page, 'devices-confirm-de');
      await confirmDialog(page);
      await expect.poll(() => rows(page).count()).toBe(1);
      expect((await sessionsOf(here.token)).map((s) => s.user_agent)).toEqual([IPHONE]);

      // And this one: the app is signed out as logout does, and home.
      await page.getByTestId('device-signout-current').click();
      await confirmDialog(page);
      await page.waitForURL((u) => u.pathname === '/');
      await expect.poll(() => page.evaluate(() => localStorage.getItem('tradepad.token'))).toBeNull();
      expect((await e.api('GET', API.userInfo, {}, { authorization: here.token })).code).toBe(999);
      await context.close();
    }
  });

  it('shows a skeleton while loading, and the server’s message with a reload when the list is refused', async () => {
    const { context, page } = await signedInPage(e, await demoLogin(e, 'e2e-devices-state-0000-000000000000'), { lang: 'en' });
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    let refuse = true;
    await page.route(/\/api\/user\/sessions(\?|$)/, async (route) => {
      if (!refuse) return route.continue();
      await held;
      return route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ code: 0, msg: 'Sessions are resting', data: null }),
      });
    });
    await page.goto('/mine/devices');
    await page.getByTestId('devices-loading').waitFor();
    release();
    await expect.poll(() => page.getByTestId('no-data').textContent(), { timeout: 10_000 }).toContain('Sessions are resting');
    refuse = false;
    await page.getByTestId('no-data').getByRole('button').click();
    await page.getByTestId('devices-list').waitFor();
    expect(await rows(page).count()).toBe(1);
    expect(await rows(page).first().getByTestId('device-current').count()).toBe(1);
    await context.close();
  });
});
