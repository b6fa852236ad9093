import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumPath, startE2E, type E2E } from './support/harness.ts';

const PASSWORD = 'Harbour26x';
/** The server's refusal of a restricted region (err.area_restricted) in each language the screens are looked at in. */
const RESTRICTED = {
  hk: '基於政策原因，我們未能在此國家或地區提供服務',
  en: 'For policy reasons we cannot offer our services in this country or region',
  ar: 'لأسباب تتعلق بسياساتنا، لا يمكننا تقديم خدماتنا في هذه الدولة أو المنطقة',
  de: 'Aufgrund unserer Richtlinien können wir unsere Dienste in diesem Land bzw. dieser Region nicht anbieten',
} as const;

/**
 * Issue 21 point 5 in Chromium: the sign-up screen's country of residence and consent (the documents open and come
 * back to the form as it was), the login screen filled in after sign-up, the restricted regions, and the way from a
 * demo account to a real one and the switch between them.
 */
describe.skipIf(!chromiumPath())('sign-up consent and demo/real accounts in Chromium', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E();
  });
  afterAll(async () => e?.close());

  async function fillRegister(page: Page, email: string, country: string) {
    await page.getByTestId('register-tab-email').click();
    await page.getByTestId('register-account').fill(email);
    await page.getByTestId('register-country').click();
    await page.getByTestId(`country-${country}`).click();
    await page.getByTestId('register-password').fill(PASSWORD);
    await page.getByTestId('register-repassword').fill(PASSWORD);
  }

  it('signs up with consent and country, keeps the form while a document is read, and pre-fills the login', async () => {
    const { context, page } = await e.newPage({ lang: 'en' });
    const email = 'consent@example.com';
    await page.goto('/register');
    await fillRegister(page, email, 'DE');
    // The pickers leave out the restricted regions (DESIGN §13).
    await page.getByTestId('register-country').click();
    await page.getByTestId('area-search').fill('Korea');
    await expect.poll(() => page.getByTestId('country-KR').count()).toBe(1);
    expect(await page.getByTestId('country-KP').count()).toBe(0);
    await page.getByTestId('country-KR').click();
    await page.getByTestId('register-send-code').click();
    await page.getByTestId('register-code').fill(await e.lastCode(email));

    // Without the consent the form says so and stays.
    await page.getByTestId('register-submit').click();
    await page.getByText('Please accept the terms, the privacy policy and the risk disclosure').waitFor();
    expect(new URL(page.url()).pathname).toBe('/register');

    // The risk disclosure opens as a page the staff edit, and back returns to the form as it was.
    await page.getByTestId('register-legal-risk').click();
    await page.waitForURL((u) => u.pathname === '/legal/risk');
    await page.getByTestId('legal-page').getByText('Risk Disclosure').first().waitFor();
    await expect.poll(() => page.getByTestId('legal-body').textContent()).toContain('Leverage');
    await e.shot(page, 'legal-risk-en');
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/register');
    await expect.poll(() => page.getByTestId('register-account').inputValue()).toBe(email);
    expect(await page.getByTestId('register-password').inputValue()).toBe(PASSWORD);
    expect(await page.getByTestId('register-country').textContent()).toContain('South Korea');

    await page.getByTestId('register-agree').check();
    await page.getByTestId('register-submit').click();
    await page.waitForURL((u) => u.pathname === '/login');
    await expect.poll(() => page.getByTestId('login-account').inputValue()).toBe(email);
    await e.shot(page, 'login-prefilled-en');
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => u.pathname === '/');
    await context.close();
  });

  for (const lang of ['hk', 'en', 'ar', 'de'] as const) {
    it(`shows the sign-up screen and a restricted country's refusal (${lang})`, async () => {
      const { context, page } = await e.newPage({ lang });
      // A list fetched before staff restricted a region: the server still refuses it, in the reader's language.
      await page.route('**/api/default/area_list*', async (route) => {
        const res = await route.fetch();
        const body = (await res.json()) as { data: Array<{ restricted: number }> };
        for (const a of body.data) a.restricted = 0;
        await route.fulfill({ response: res, json: body });
      });
      await page.goto('/register');
      await page.getByTestId('register-tab-email').waitFor();
      await e.shot(page, `register-empty-${lang}`);
      const email = `restricted.${lang}@example.com`;
      await fillRegister(page, email, 'KP');
      await page.getByTestId('register-send-code').click();
      await page.getByTestId('register-code').fill(await e.lastCode(email));
      await page.getByTestId('register-agree').check();
      await page.getByTestId('register-submit').click();
      await page.getByText(RESTRICTED[lang]).first().waitFor();
      await page.waitForTimeout(300);
      await e.shot(page, `register-restricted-${lang}`);
      expect(new URL(page.url()).pathname).toBe('/register');
      await page.getByTestId('register-country').click();
      await page.waitForTimeout(400);
      await e.shot(page, `register-country-sheet-${lang}`);

      // The documents and the demo account's way to a real one, in this language.
      await page.goto('/legal/terms');
      await page.getByTestId('legal-body').waitFor();
      await e.shot(page, `legal-terms-${lang}`);
      await page.goto('/login');
      await page.getByTestId('mock-login').click();
      await page.waitForURL((u) => u.pathname === '/');
      await page.goto('/user');
      await page.getByTestId('open-real-account').waitFor();
      await e.shot(page, `user-demo-open-real-${lang}`);
      await context.close();
    });
  }

  it('opens a real account from a demo account and switches between them without signing in again', async () => {
    const { context, page } = await e.newPage({ lang: 'en' });
    await page.goto('/login');
    await page.getByTestId('mock-login').click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto('/user');
    const demoUid = await (async () => {
      await expect.poll(() => page.getByTestId('user-uid').textContent()).toMatch(/\d{8}/);
      return page.getByTestId('user-uid').textContent();
    })();
    await page.getByTestId('open-real-account').click();
    await page.waitForURL((u) => u.pathname === '/register');

    const email = 'from-demo@example.com';
    await fillRegister(page, email, 'FR');
    await page.getByTestId('register-send-code').click();
    await page.getByTestId('register-code').fill(await e.lastCode(email));
    await page.getByTestId('register-agree').check();
    await page.getByTestId('register-submit').click();
    await page.waitForURL((u) => u.pathname === '/login');
    await expect.poll(() => page.getByTestId('login-account').inputValue()).toBe(email);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => u.pathname === '/');

    await page.goto('/user');
    await expect.poll(() => page.getByTestId('user-email').textContent()).toBe(email);
    await e.shot(page, 'user-real-switch-en');
    await page.getByTestId('switch-to-demo').click();
    // The same demo account as before, without a sign-in.
    await expect.poll(() => page.getByTestId('user-uid').textContent()).toBe(demoUid);
    await page.getByTestId('switch-to-real').waitFor();
    await page.waitForTimeout(2500); // the toasts gone, for the screenshot
    await e.shot(page, 'user-demo-switch-en');
    // Still signed in a moment later: the old session's end did not sign the app out.
    await page.waitForTimeout(1500);
    expect(new URL(page.url()).pathname).toBe('/user');

    await page.getByTestId('switch-to-real').click();
    await expect.poll(() => page.getByTestId('user-email').textContent()).toBe(email);
    await page.getByTestId('switch-to-demo').waitFor();
    await page.waitForTimeout(1500);
    expect(new URL(page.url()).pathname).toBe('/user');
    await context.close();
  });
});
