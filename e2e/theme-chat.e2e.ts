import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN_API, API } from '@tradepad/contracts';
import { ADMIN, animationsDone, chromiumPath, navigateInApp, startE2E, type E2E } from './support/harness.ts';
import { pngOf } from './support/png.ts';

const PASSWORD = 'Harbour26x';
const DARK_BAR = '#141a24';

/**
 * Issue 21 points 4 and 6: the dark theme and "follow the system" (settings and `?theme=`, applied before the app's
 * scripts run, allowed by the page's CSP), and the built-in support chat at /mine/chat both ways with the back office.
 */
describe.skipIf(!chromiumPath())('dark theme and the built-in support chat in Chromium', () => {
  let e: E2E;
  let staffToken = '';

  /** A signed-in trader's page in `lang` (token and profile stored as the app stores them at sign-in). */
  const traderPage = async (email: string, lang = 'en', size?: { width: number; height: number }) => {
    const { token, id } = await e.registerTrader(email, PASSWORD);
    const info = await e.api('GET', API.userInfo, {}, { authorization: token });
    const { context, page } = await e.newPage({ lang, ...size });
    await page.goto('/language');
    await page.evaluate(
      ([t, p]) => {
        localStorage.setItem('tradepad.token', t);
        localStorage.setItem('tradepad.profile', p);
      },
      [token, JSON.stringify(info.data)] as const,
    );
    return { context, page, token, id };
  };

  const theme = (page: Page) =>
    page.evaluate(() => ({
      attr: document.documentElement.dataset.theme,
      antd: document.documentElement.getAttribute('data-prefers-color-scheme'),
      scheme: getComputedStyle(document.documentElement).colorScheme,
      bar: document.querySelector('meta[name="theme-color"]')?.getAttribute('content'),
      body: getComputedStyle(document.body).backgroundColor,
    }));

  beforeAll(async () => {
    e = await startE2E();
    staffToken = await e.staffLogin(ADMIN);
  });
  afterAll(async () => e?.close());

  it('applies ?theme=dark before the app’s scripts run (no flash), allowed by the CSP, and remembers it', async () => {
    const { context, page } = await e.newPage({ lang: 'en' });
    const cspErrors: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) cspErrors.push(m.text());
    });
    // The app's scripts never arrive: whatever the page shows comes from the HTML alone.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/?theme=dark');
    expect(await theme(page)).toMatchObject({ attr: 'dark', antd: 'dark', scheme: 'dark', bar: DARK_BAR });
    // The skeleton is drawn dark: the page behind it is not white.
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.boot')!).backgroundColor)).toBe('rgb(11, 16, 24)');
    expect(cspErrors).toEqual([]);
    // Stored: the next visit without ?theme= is dark too.
    await page.goto('/');
    expect((await theme(page)).attr).toBe('dark');
    await page.unroute('**/assets/*.js');
    await page.goto('/?theme=light');
    await page.getByTestId('page-home').waitFor();
    expect(await theme(page)).toMatchObject({ attr: 'light', antd: null, scheme: 'light', bar: '#ffffff' });
    // Light stays the default for a new reader.
    const fresh = await e.newPage({ lang: 'en' });
    await fresh.page.goto('/');
    await fresh.page.getByTestId('page-home').waitFor();
    expect((await theme(fresh.page)).attr).toBe('light');
    await fresh.context.close();
    await context.close();
  });

  it('switches the theme in settings: dark, light, and following the system live', async () => {
    const { context, page } = await traderPage('theme-user@example.com');
    await page.goto('/mine/system');
    await page.getByTestId('theme-light').waitFor();
    // Nothing chosen yet: the theme follows the system (DESIGN §17).
    expect(await page.getByTestId('theme-system').getAttribute('aria-checked')).toBe('true');
    await page.getByTestId('theme-dark').click();
    expect(await theme(page)).toMatchObject({ attr: 'dark', antd: 'dark', bar: DARK_BAR });
    expect((await theme(page)).body).toBe('rgb(5, 8, 13)');
    await e.shot(page, 'theme-settings-dark-en');
    await page.reload();
    await page.getByTestId('theme-dark').waitFor();
    expect((await theme(page)).attr).toBe('dark');

    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByTestId('theme-system').click();
    expect((await theme(page)).attr).toBe('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(async () => (await theme(page)).attr).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(async () => (await theme(page)).attr).toBe('light');
    await page.getByTestId('theme-light').click();
    await context.close();
  });

  it('chats with the broker’s staff: the trader writes, staff answer in the back office, the answer arrives live', async () => {
    const { context, page, token, id } = await traderPage('chat-user@example.com');
    await page.goto('/mine/chat');
    await page.getByTestId('support-chat').waitFor();
    await page.getByTestId('chat-empty').waitFor();
    // The complaint e-mail stays one tap away.
    expect(await page.getByTestId('chat-email').getAttribute('href')).toBe('/mine/email');

    await page.getByTestId('chat-input').fill('Hello, is my deposit in?');
    await page.getByTestId('chat-send').click();
    await page.getByTestId('chat-msg-user').filter({ hasText: 'Hello, is my deposit in?' }).waitFor();
    expect(await page.getByTestId('chat-input').inputValue()).toBe('');

    // The back office answers (a support inbox in its own browser window).
    const staff = await e.newPage({ width: 1280, height: 800 });
    await e.staffSignIn(staff.page, ADMIN);
    await staff.page.locator('nav a', { hasText: 'Support' }).click();
    await staff.page.getByRole('link', { name: /chat-user@example\.com/ }).click();
    await staff.page.getByRole('log').getByText('Hello, is my deposit in?').waitFor();
    await staff.page.getByLabel('Reply').fill('Yes, it was credited a minute ago.');
    await staff.page.getByRole('button', { name: 'Send' }).click();
    await staff.page.getByRole('log').getByText('Yes, it was credited a minute ago.').waitFor();

    // Live, without a reload.
    await page.getByTestId('chat-msg-staff').filter({ hasText: 'Yes, it was credited a minute ago.' }).waitFor();
    await e.shot(page, 'support-chat-en');

    // An image, through the app's upload and its checks; the back office shows it.
    await page
      .getByTestId('chat-file')
      .setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: pngOf(64, [40, 120, 220]) });
    await page.getByTestId('chat-msg-user').locator('img').waitFor();
    const thread = await e.api('GET', API.supportMessages, {}, { authorization: token });
    expect(thread.data.data[0]).toMatchObject({ from: 'user', text: '' });
    expect(thread.data.data[0].image).toBeTruthy();
    await staff.page.reload();
    await staff.page.getByRole('log').locator('img').first().waitFor();
    await e.shot(staff.page, 'admin-support-image-en');
    await staff.context.close();

    // The answer to a send is lost on the way back: the message shows "not sent"; the retry goes with the same
    // Idempotency-Key, so the server keeps one copy.
    let dropped = 0;
    await page.route('**/api/support/messages', async (route) => {
      if (route.request().method() !== 'POST' || dropped > 0) return route.fallback();
      dropped++;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await page.getByTestId('chat-input').fill('Only once, please.');
    await page.getByTestId('chat-send').click();
    await page.getByTestId('chat-retry').waitFor();
    await page.getByTestId('chat-retry').click();
    await page.getByTestId('chat-msg-user').filter({ hasText: 'Only once, please.' }).waitFor();
    expect(await page.getByTestId('chat-retry').count()).toBe(0);
    const after = await e.api('GET', API.supportMessages, { limit: '50' }, { authorization: token });
    expect(after.data.data.filter((m: { text: string }) => m.text === 'Only once, please.')).toHaveLength(1);
    expect(after.data.total).toBe(4);

    // Older messages load above, a page at a time.
    for (let i = 1; i <= 32; i++) {
      const r = await e.api(
        'POST',
        `${ADMIN_API.supportThreads}/${id}`,
        { text: `Note ${i} from support` },
        { authorization: staffToken, 'idempotency-key': `older-${i}` },
      );
      expect(r.code, r.msg).toBe(1);
    }
    await page.reload();
    await page.getByTestId('chat-msg-staff').filter({ hasText: 'Note 32 from support' }).waitFor();
    expect(await page.getByText('Hello, is my deposit in?').count()).toBe(0);
    await page.getByTestId('chat-older').click();
    await page.getByText('Hello, is my deposit in?').waitFor();
    expect(await page.getByTestId('chat-older').count()).toBe(0);
    await context.close();
  });

  it('toasts break lines between words only (Thai, German, Chinese, Arabic) and stay off the field being typed in', async () => {
    for (const lang of ['de', 'th', 'hk', 'ar']) {
      const { context, page } = await e.newPage({ lang, width: 360, height: 740 });
      await page.goto('/login');
      await page.getByTestId('login-tab-email').click();
      await page.getByTestId('login-account').fill(`nobody-${lang}@example.com`);
      const password = page.getByTestId('login-password');
      await password.fill('Wrong-Password-1x');
      await password.press('Enter');
      await page.locator('.adm-toast-main-text').last().waitFor();
      const seen = await page.evaluate(() => {
        const main = [...document.querySelectorAll<HTMLElement>('.adm-toast-main-text')].pop()!;
        const segmenter = new Intl.Segmenter(document.documentElement.lang, { granularity: 'word' });
        const broken: string[] = [];
        const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const s of segmenter.segment(node.textContent ?? '')) {
            if (!s.isWordLike) continue;
            const range = document.createRange();
            range.setStart(node, s.index);
            range.setEnd(node, s.index + s.segment.length);
            const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
            if (lines.size > 1) broken.push(s.segment);
          }
        }
        const toast = main.getBoundingClientRect();
        const field = document.activeElement!.getBoundingClientRect();
        return {
          text: main.textContent,
          broken,
          lines: Math.round(toast.height),
          overlaps: toast.bottom > field.top && toast.top < field.bottom,
          focused: document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName,
        };
      });
      await e.shot(page, `toast-login-${lang}`);
      expect(seen.text, lang).toBeTruthy();
      expect(seen.broken, `${lang}: ${seen.text}`).toEqual([]);
      expect(seen.overlaps, `${lang}: the toast covers the focused ${seen.focused}`).toBe(false);
      await context.close();
    }
  });

  it('screens in hk, en, ar and de, light and dark', async () => {
    const email = 'shots-user@example.com';
    const { token } = await e.registerTrader(email, PASSWORD);
    await e.api(
      'POST',
      API.supportMessages,
      { text: 'Wie lange dauert eine Auszahlung? 出金要多久？' },
      { authorization: token },
    );
    const info = await e.api('GET', API.userInfo, {}, { authorization: token });
    // One tab per language: each theme is chosen with ?theme= on a load (as a link would), and the other screens of
    // that theme are reached inside the app.
    for (const lang of ['hk', 'en', 'ar', 'de']) {
      const { context, page } = await e.newPage({ lang });
      await page.goto('/language');
      await page.evaluate(
        ([t, p]) => {
          localStorage.setItem('tradepad.token', t);
          localStorage.setItem('tradepad.profile', p);
        },
        [token, JSON.stringify(info.data)] as const,
      );
      for (const th of ['light', 'dark']) {
        await page.goto(`/mine/chat?theme=${th}`);
        await page.getByTestId('chat-msg-user').first().waitFor();
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(th);
        await e.shot(page, `support-chat-${lang}-${th}`);
        await navigateInApp(page, '/mine/system');
        await page.getByTestId('theme-light').waitFor();
        await e.shot(page, `system-${lang}-${th}`);
        if (th === 'dark' || lang === 'ar') {
          // Each main screen once what it shows has arrived: the prices, the chart, the account, the orders' tabs.
          for (const [route, testId, ready] of [
            ['/', 'page-home', page.getByTestId('market-ask-BTCUSD')],
            ['/trade', 'page-trade', page.locator('[data-testid="chart"][data-status="ready"]')],
            ['/user', 'page-user', page.getByTestId('switch-to-demo')],
            ['/order', 'page-order', page.getByTestId('orders-tab-holding')],
          ] as const) {
            await navigateInApp(page, route);
            await page.getByTestId(testId).waitFor();
            await ready.waitFor();
            await animationsDone(page, 800);
            await e.shot(page, `main${route.replace(/\//g, '-')}-${lang}-${th}`);
          }
        }
      }
      await context.close();
    }
  }, 300_000);
});
