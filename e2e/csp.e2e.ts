import { ADMIN_API } from '@tradepad/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, chromiumPath, demoLogin, signedInPage, startE2E, type E2E } from './support/harness.ts';

/** A violation as the page's `securitypolicyviolation` listener or Chromium's console reported it. */
type Violation = string;

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/**
 * Issue 29 point 6 in Chromium: the app's CSP has no `'unsafe-inline'` styles and frames only the broker's support
 * page, the console has a policy of its own; the main screens (markets, the trade screen with its chart, the account
 * screen and a dialog, a sheet), the skeleton before the scripts run, the support frame and the console's news preview
 * all run under them with no violation, while an inline style or a frame the policy does not name is refused.
 */
describe.skipIf(!chromiumPath())('content security policy in Chromium', () => {
  let e: E2E;
  let staff = '';

  /** Records every CSP violation the page (any frame of it) reports, from its first script on. */
  async function watch(context: BrowserContext, page: Page): Promise<() => Promise<Violation[]>> {
    await context.addInitScript(() => {
      window.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (ev) =>
        window.__cspViolations!.push(`${ev.effectiveDirective} ${ev.blockedURI} ${ev.sample}`),
      );
    });
    const logged: Violation[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) logged.push(m.text());
    });
    return async () => [...logged, ...((await page.evaluate(() => window.__cspViolations).catch(() => [])) ?? [])];
  }

  const setSupportLink = async (service_link: string) => {
    const saved = await e.api('POST', ADMIN_API.settings, { service_link, service_link_type: '1' }, { authorization: staff });
    expect(saved.code, saved.msg).toBe(1);
  };

  beforeAll(async () => {
    e = await startE2E();
    staff = await e.staffLogin(ADMIN);
  });
  afterAll(async () => e?.close());

  it('draws the skeleton from its hashed <style> and style attributes before any script runs', async () => {
    const context = await e.browser.newContext({ javaScriptEnabled: false, baseURL: e.baseUrl });
    const page = await context.newPage();
    const logged: string[] = [];
    page.on('console', (m) => logged.push(m.text()));
    const res = await page.goto('/');
    const csp = res?.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(/style-src 'self' 'sha256-/);
    expect(csp).not.toContain('unsafe-inline');
    // The page's own stylesheet (a <style> element) applies, and so do the unseen copies' style attributes.
    expect(await page.locator('.boot-bar').evaluate((el) => getComputedStyle(el).height)).toBe('56px');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--tp-bg'))).not.toBe('');
    expect(await page.locator('.boot-faces span').evaluateAll((els) => els.map((el) => getComputedStyle(el).fontSize))).toEqual([
      '20px',
      '14px',
      '12.5px',
      '11.5px',
      '11px',
      '11px',
      '16px',
    ]);
    expect(logged.filter((t) => /Content Security Policy/i.test(t))).toEqual([]);
    await context.close();
  });

  it('runs the markets, trade (with the chart), account screens, a dialog and a sheet without a violation', async () => {
    const login = await demoLogin(e, 'e2e-csp-0000-0000-0000-000000000001');
    const { context, page } = await signedInPage(e, login, { lang: 'en' });
    const violations = await watch(context, page);

    await page.goto('/');
    await page.getByTestId('market-ask-EURUSD').waitFor();

    await page.goto('/trade?symbol=BTCUSD&period=1min');
    await page.getByTestId('chart').locator('canvas').first().waitFor();
    // The chart's attribution logo is styled by the <style> the library inserts, allowed by its hash.
    const logo = page.locator('#tv-attr-logo');
    await logo.waitFor({ state: 'attached' });
    expect(await logo.evaluate((el) => getComputedStyle(el).position)).toBe('absolute');
    // A sheet (antd-mobile's Popup, animated by react-spring through the CSSOM).
    await page.getByTestId('chart-indicators').click();
    await page.getByTestId('indicator-menu').waitFor();

    await page.goto('/user');
    await page.getByTestId('user-balance').waitFor();
    await page.getByTestId('reset-demo').click();
    const dialog = page.locator('.adm-dialog-footer .adm-dialog-button');
    await dialog.first().waitFor();
    await page.waitForTimeout(400);
    // Cancel.
    await dialog.first().click();
    await dialog.first().waitFor({ state: 'detached' });

    await page.goto('/news');
    await page.getByTestId('page-news').waitFor();
    await page.waitForTimeout(300);
    expect(await violations()).toEqual([]);

    // The policy is in force: a style attribute injected by markup, or a <style> element, is refused.
    const refused = await page.evaluate(() => {
      const holder = document.createElement('div');
      holder.innerHTML = '<b style="color: rgb(1, 2, 3)">x</b>';
      document.body.append(holder);
      const sheet = document.createElement('style');
      sheet.textContent = 'body { color: rgb(4, 5, 6) }';
      document.head.append(sheet);
      return [getComputedStyle(holder.firstElementChild!).color, getComputedStyle(document.body).color];
    });
    expect(refused).not.toContain('rgb(1, 2, 3)');
    expect(refused).not.toContain('rgb(4, 5, 6)');
    await expect.poll(async () => (await violations()).filter((v) => v.startsWith('style-src')).length).toBe(2);
    await context.close();
  });

  it("frames the broker's support page, and no other page, once staff set a link", async () => {
    const login = await demoLogin(e, 'e2e-csp-0000-0000-0000-000000000002');
    await setSupportLink('https://support.tradepad.invalid/chat?room=1');
    try {
      const { context, page } = await signedInPage(e, login, { lang: 'en' });
      const violations = await watch(context, page);
      const res = await page.goto('/mine/chat');
      expect(res?.headers()['content-security-policy']).toMatch(/frame-src https:\/\/support\.tradepad\.invalid(;|$)/);
      await page.getByTestId('chat-frame').waitFor();
      expect(await page.getByTestId('chat-frame').getAttribute('src')).toBe('https://support.tradepad.invalid/chat?room=1');
      await page.waitForTimeout(500);
      // The frame's address does not exist (a .invalid name), but nothing the policy refused.
      expect(await violations()).toEqual([]);
      // Another page's frame is refused.
      await page.evaluate(() => {
        const frame = document.createElement('iframe');
        frame.src = 'https://elsewhere.tradepad.invalid/';
        document.body.append(frame);
      });
      await expect.poll(async () => (await violations()).some((v) => v.startsWith('frame-src https://elsewhere'))).toBe(true);
      await context.close();
    } finally {
      await setSupportLink('');
    }
    // Without a link the app frames nothing.
    const res = await fetch(`${e.baseUrl}/mine/chat`);
    expect(res.headers.get('content-security-policy')).toContain("frame-src 'none'");
  });

  it("shows the console's news preview in its sandboxed frame, styled, under the console's own policy", async () => {
    const { context, page } = await e.newPage({ width: 1280, height: 800 });
    const violations = await watch(context, page);
    const shell = page.waitForResponse((r) => new URL(r.url()).pathname === '/admin/');
    await e.staffSignIn(page, ADMIN);
    const csp = (await shell).headers()['content-security-policy'];
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-src 'none'");
    await page.locator('nav a', { hasText: 'News' }).click();
    await page.getByRole('link', { name: 'New article' }).click();
    await page.getByTestId('news-tab-en').click();
    await page.getByTestId('news-title').fill('Preview under the policy');
    const preview = page.frameLocator('[data-testid=news-preview]');
    await preview.locator('.article-heading').waitFor();
    expect(await preview.locator('.article-heading').textContent()).toBe('Preview under the policy');
    // The preview's own <style> applies in the srcdoc frame, which inherits the console's policy.
    expect(await preview.locator('.bar').evaluate((el) => getComputedStyle(el).height)).toBe('48px');
    // MUI's emotion styles apply: the console is laid out, not bare HTML.
    expect(
      await page
        .locator('nav')
        .first()
        .evaluate((el) => getComputedStyle(el).display),
    ).not.toBe('inline');
    expect(await violations()).toEqual([]);
    await context.close();
  });
});
