import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN_API, API } from '@tradepad/contracts';
import { ADMIN, chromiumPath, startE2E, type E2E } from './support/harness.ts';

/**
 * In-app notices and web push in the browser (issue 21 points 1, 2 and 7): a staff decision on a deposit shows a toast
 * on whatever screen the trader is on, at the top, or out of the way of a field being edited; the bell counts it; the
 * centre lists it and marks it read; the push settings ask for the browser's permission only when turned on, and
 * store the kinds chosen. Screens photographed at 390×844 in hk, en, ar and de.
 */
const PASSWORD = 'Harbour26x';

describe.skipIf(!chromiumPath())('notices in Chromium', () => {
  let e: E2E;
  let staffToken = '';
  let seq = 0;

  beforeAll(async () => {
    e = await startE2E();
    staffToken = await e.staffLogin(ADMIN);
  });
  afterAll(async () => e?.close());

  async function trader(): Promise<{ email: string; token: string; id: number }> {
    const email = `notice-${seq++}-${Date.now()}@example.com`;
    return { email, ...(await e.registerTrader(email, PASSWORD)) };
  }

  /** A deposit the trader reports (with a proof image), for staff to decide on. */
  async function deposit(token: string, amount: string): Promise<number> {
    const png = await sharp({ create: { width: 24, height: 16, channels: 3, background: { r: seq * 40, g: 90, b: 160 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'proof.png');
    const up = await (
      await fetch(`${e.baseUrl}${API.imageUpload}`, { method: 'POST', body: form, headers: { authorization: token } })
    ).json();
    expect(up.code, up.msg).toBe(1);
    const coins = (await e.api('GET', API.depositCoins, {}, { authorization: token })).data as Array<{
      id: number;
      protocol_code: string;
    }>;
    const trc = coins.find((c) => c.protocol_code === 'TRC20')!;
    const d = await e.api(
      'POST',
      API.depositSubmit,
      { charge_id: String(trc.id), number: amount, proofImg: up.data.name },
      { authorization: token },
    );
    expect(d.code, d.msg).toBe(1);
    return Number(d.data.id);
  }

  const decide = async (id: number, approve: boolean) => {
    const r = await e.api(
      'POST',
      `${ADMIN_API.deposits}/${id}/${approve ? 'approve' : 'reject'}`,
      approve ? {} : { remark: 'Proof unreadable' },
      { authorization: staffToken },
    );
    expect(r.code, r.msg).toBe(1);
  };

  async function signIn(page: Page, email: string) {
    await page.goto('/login');
    await page.getByTestId('login-tab-email').click();
    await page.getByTestId('login-account').fill(email);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => u.pathname === '/');
  }

  /** Waits until the page's socket is signed in, so a notice arrives live. */
  const live = (page: Page) => page.locator('[data-testid="notice-toasts"][data-live="1"]').waitFor({ state: 'attached' });

  const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

  it('shows a toast on another screen, out of the way of a field being edited; the bell and the centre follow', async () => {
    const u = await trader();
    const first = await deposit(u.token, '120');
    const second = await deposit(u.token, '30');
    const { context, page } = await e.newPage({ lang: 'en' });
    await signIn(page, u.email);

    // On the Orders screen: the toast comes at the top, and is announced politely.
    await page.goto('/order');
    await page.getByTestId('page-order').waitFor();
    await live(page);
    await decide(first, true);
    const toast = page.getByTestId('notice-toast');
    await toast.getByText('Deposit credited').waitFor();
    await expect.poll(() => toast.textContent()).toContain('Your deposit of 120.00 USD has been credited to your balance');
    expect(await page.getByTestId('notice-toasts').getAttribute('aria-live')).toBe('polite');
    expect(await page.getByTestId('notice-toasts').getAttribute('data-placement')).toBe('top');
    await expect.poll(() => page.getByTestId('notice-badge').textContent()).toBe('1');
    await page.waitForTimeout(400); // the toast's entrance animation
    await e.shot(page, 'notices-toast-orders-en');
    await page.getByTestId('notice-toast-close').click();
    await expect.poll(() => toast.count()).toBe(0);

    // Typing in the search field at the top of the screen: the toast goes to the bottom, never over the field.
    await page.goto('/product');
    const field = page.locator('input[data-testid="product-search"], [data-testid="product-search"] input').first();
    await field.click();
    await field.fill('EUR');
    await live(page);
    await decide(second, false);
    await toast.getByText('Deposit rejected').waitFor();
    expect(await page.getByTestId('notice-toasts').getAttribute('data-placement')).toBe('bottom');
    await page.waitForTimeout(400);
    await e.shot(page, 'notices-toast-editing-en');
    const [f, t] = [await field.boundingBox(), await toast.boundingBox()];
    expect(overlaps(f!, t!)).toBe(false);
    expect(await field.inputValue()).toBe('EUR');
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            document.activeElement?.getAttribute('data-testid') ??
            document.activeElement?.closest('[data-testid]')?.getAttribute('data-testid'),
        ),
      )
      .toBe('product-search');

    // The centre lists both, newest first, unread; opening one marks it read and goes to its screen.
    await page.goto('/');
    await expect.poll(() => page.getByTestId('notice-badge').textContent()).toBe('2');
    await e.shot(page, 'notices-bell-en');
    await page.getByTestId('notice-bell').click();
    await page.waitForURL((u) => u.pathname === '/mine/notices');
    const items = page.locator('[data-testid^="notice-"][data-read]');
    await expect.poll(() => items.count()).toBe(2);
    expect(await items.nth(0).textContent()).toContain('Deposit rejected');
    expect(await items.nth(0).getAttribute('data-read')).toBe('0');
    await e.shot(page, 'notices-centre-en');
    await items.nth(1).click();
    await page.waitForURL((u) => u.pathname === '/mine/wallet');
    await page.goBack();
    await expect.poll(() => items.nth(1).getAttribute('data-read')).toBe('1');
    await page.getByTestId('notices-read-all').click();
    await expect.poll(() => items.nth(0).getAttribute('data-read')).toBe('1');
    expect((await e.api('GET', API.noticesUnread, {}, { authorization: u.token })).data).toEqual({ unread: 0 });
    await page.goto('/user');
    await page.getByTestId('notice-bell').waitFor();
    expect(await page.getByTestId('notice-badge').count()).toBe(0);
    await context.close();
  });

  it('asks for the notification permission only when push is turned on, and stores the kinds chosen', async () => {
    const u = await trader();
    const { context, page } = await e.newPage({ lang: 'en' });
    const asked: string[] = [];
    await context.exposeFunction('notePermissionAsked', (where: string) => asked.push(where));
    await context.addInitScript(() => {
      if (!('Notification' in window)) return;
      const original = Notification.requestPermission.bind(Notification);
      Notification.requestPermission = ((...args: Parameters<typeof Notification.requestPermission>) => {
        (window as unknown as { notePermissionAsked(w: string): void }).notePermissionAsked(location.pathname);
        return original(...args);
      }) as typeof Notification.requestPermission;
    });
    await signIn(page, u.email);
    await page.goto('/user');
    await page.getByTestId('page-user').waitFor();
    expect(asked).toEqual([]);

    await context.grantPermissions(['notifications'], { origin: e.baseUrl });
    await page.goto('/mine/system');
    await page.getByTestId('system-notices').click();
    await page.waitForURL((u) => u.pathname === '/mine/notices/settings');
    await expect.poll(() => page.getByTestId('push-kind-alert').getAttribute('aria-checked')).toBe('true');
    expect(asked).toEqual([]);

    // Kinds: stored for the user.
    await page.getByTestId('push-kind-alert').click();
    await page.getByTestId('push-kind-deposit').click();
    await expect
      .poll(async () => (await e.api('GET', API.pushPrefs, {}, { authorization: u.token })).data.kinds)
      .toEqual([
        'fill',
        'margin_call',
        'stop_out',
        'withdrawal',
        'desk_close',
        'adjustment',
        'kyc',
        'account_type',
        'copy_fill',
        'copy_skip',
        'copy_stop',
      ]);

    // This device: the permission is asked now, on the tap. Headless Chromium has no push service to reach offline,
    // so its subscribe may fail: then the screen says so and the server holds no subscription.
    // The switch waits for the service worker's registration, which installs every screen's assets first (slower on
    // a loaded machine as the app grows).
    await expect.poll(() => page.getByTestId('push-device').isDisabled(), { timeout: 20_000 }).toBe(false);
    await page.getByTestId('push-device').click();
    await expect.poll(() => asked).toEqual(['/mine/notices/settings']);
    await expect
      .poll(async () =>
        (await page.getByTestId('push-device').getAttribute('aria-checked')) === 'true'
          ? 'on'
          : (await page.getByTestId('push-problem-failed').count()) > 0
            ? 'failed'
            : 'waiting',
      )
      .not.toBe('waiting');
    const on = (await page.getByTestId('push-device').getAttribute('aria-checked')) === 'true';
    const subs = (await e.api('GET', API.pushPrefs, {}, { authorization: u.token })).data.subscriptions;
    expect(subs).toBe(on ? 1 : 0);
    console.info(`headless Chromium push subscribe: ${on ? 'subscribed' : 'failed (no push service reachable)'}`);
    await context.close();
  });

  it('photographs the toast, the centre and the push settings in hk, en, ar and de', async () => {
    for (const lang of ['hk', 'en', 'ar', 'de']) {
      const u = await trader();
      const ids = [await deposit(u.token, '250'), await deposit(u.token, '75')];
      const { context, page } = await e.newPage({ lang });
      await signIn(page, u.email);
      await decide(ids[0]!, true);
      await page.goto('/trade');
      await live(page);
      await decide(ids[1]!, false);
      await page.getByTestId('notice-toast').first().waitFor();
      await page.waitForTimeout(400);
      await e.shot(page, `notices-toast-${lang}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await page.goto('/mine/notices');
      await expect.poll(() => page.locator('[data-testid^="notice-"][data-read]').count()).toBe(2);
      await e.shot(page, `notices-centre-${lang}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await page.goto('/mine/notices/settings');
      await expect.poll(() => page.getByTestId('push-kind-fill').getAttribute('aria-checked')).toBe('true');
      await page.waitForTimeout(400); // the switches' transition
      await e.shot(page, `notices-push-settings-${lang}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      // The bell fits the home header down to 360 px wide.
      await page.setViewportSize({ width: 360, height: 780 });
      await page.goto('/');
      await page.getByTestId('notice-bell').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await e.shot(page, `notices-home-360-${lang}`);
      await context.close();
    }
  });
});
