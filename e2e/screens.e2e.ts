import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@tradepad/contracts';
import { chromiumPath, startE2E, type E2E } from './support/harness.ts';

/**
 * Every finished screen, and a placeholder, at 390×844 in hk, en, ar and de: the screen renders, nothing overflows
 * sideways (long German words, Arabic right to left), and a screenshot is kept in .tmp/screenshots for a person to
 * look at.
 */
const SCREENS: Array<{ path: string; name: string; login?: boolean }> = [
  { path: '/', name: 'home' },
  { path: '/login', name: 'login' },
  { path: '/register', name: 'register' },
  { path: '/forgot', name: 'forgot' },
  { path: '/language', name: 'language' },
  { path: '/user', name: 'user', login: true },
  { path: '/mine/system', name: 'system', login: true },
  { path: '/mine/password', name: 'password', login: true },
  { path: '/mine/charge', name: 'charge', login: true },
  { path: '/rank', name: 'rank' },
  { path: '/trade', name: 'trade' },
  { path: '/product', name: 'product' },
];
const LANGS = ['hk', 'en', 'ar', 'de'];

describe.skipIf(!chromiumPath())('screens at phone size', () => {
  let e: E2E;
  let token = '';
  let profile: unknown;

  beforeAll(async () => {
    e = await startE2E();
    const uuid = 'e2e-screens-0000-0000-000000000000';
    const demo = await e.api('GET', API.createDemo, { uuid });
    const login = await e.api('POST', API.login, { account: demo.data.demo_id, password: uuid, login_type: '3' });
    token = login.data.token;
    profile = login.data;
  });
  afterAll(async () => e?.close());

  for (const lang of LANGS) {
    it(`renders every screen in ${lang} without sideways overflow`, async () => {
      const { context, page } = await e.newPage({ lang });
      for (const screen of SCREENS) {
        await context.clearCookies();
        await page.goto('/language');
        await page.evaluate(
          ([t, p, signedIn]) => {
            if (signedIn) {
              localStorage.setItem('tradepad.token', t as string);
              localStorage.setItem('tradepad.profile', JSON.stringify(p));
            } else {
              localStorage.removeItem('tradepad.token');
              localStorage.removeItem('tradepad.profile');
            }
          },
          [token, profile, Boolean(screen.login)] as const,
        );
        await page.goto(screen.path);
        await page.getByTestId(`page-${screen.name}`).waitFor({ timeout: 10_000 });
        await page.waitForTimeout(300);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${screen.path} in ${lang} overflows by ${overflow}px`).toBeLessThanOrEqual(0);
        expect(await page.getAttribute('html', 'dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
        await e.shot(page, `${screen.name}-${lang}`);
      }
      await context.close();
    });
  }

  it('sits in a centred column on a desktop-width window', async () => {
    const { context, page } = await e.newPage({ lang: 'en', width: 1280, height: 800 });
    await page.goto('/login');
    await page.getByTestId('page-login').waitFor();
    const box = await page.getByTestId('page-login').boundingBox();
    expect(box!.width).toBeLessThanOrEqual(600);
    expect(Math.abs(box!.x + box!.width / 2 - 640)).toBeLessThan(40);
    await e.shot(page, 'login-desktop-en');
    await context.close();
  });
});
