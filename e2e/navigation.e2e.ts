import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, startE2E, type E2E } from './support/harness.ts';

/**
 * The app's own router in a real browser: links and tabs move between screens without reloading the page, the
 * browser's back and forward buttons and the screens' back arrow follow the history, the current tab is marked, and
 * redirects replace the address instead of adding to the history.
 */
describe.skipIf(!chromiumPath())('navigation in Chromium', () => {
  let e: E2E;

  beforeAll(async () => {
    e = await startE2E();
  });
  afterAll(async () => e?.close());

  const path = (url: string) => {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  };

  it('follows links, tabs, back and forward in one page load, marking the current tab', async () => {
    const { context, page } = await e.newPage({ lang: 'en' });
    await page.goto('/');
    await page.getByTestId('page-home').waitFor();
    // A full reload would lose this mark: every step below must keep it.
    await page.evaluate(() => ((window as unknown as { sameLoad: boolean }).sameLoad = true));
    const sameLoad = () => page.evaluate(() => (window as unknown as { sameLoad?: boolean }).sameLoad === true);
    expect(await page.getByTestId('tab-home').getAttribute('aria-current')).toBe('page');
    expect(await page.getByTestId('tab-rank').getAttribute('aria-current')).toBeNull();

    await page.getByTestId('tab-rank').click();
    await page.getByTestId('page-rank').waitFor();
    expect(path(page.url())).toBe('/rank');
    expect(await page.getByTestId('tab-rank').getAttribute('aria-current')).toBe('page');
    expect(await page.getByTestId('tab-home').getAttribute('aria-current')).toBeNull();

    await page.getByTestId('tab-home').click();
    await page.getByTestId('home-news').click();
    await page.getByTestId('page-news').waitFor();
    expect(path(page.url())).toBe('/news');

    // The screen's back arrow goes back in the history when there is an app page behind.
    await page.getByTestId('nav-back').click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByTestId('page-home').waitFor();

    // The browser's buttons.
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/rank');
    await page.getByTestId('page-rank').waitFor();
    await page.goForward();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByTestId('page-home').waitFor();
    expect(await sameLoad()).toBe(true);

    // A modified click is the browser's: the app does not move.
    await page.getByTestId('home-news').click({ modifiers: ['Control'] });
    await page.waitForTimeout(300);
    expect(path(page.url())).toBe('/');
    await context.close();
  });

  it('redirects by replacing the address, and a page opened directly goes back to its fallback', async () => {
    const { context, page } = await e.newPage({ lang: 'en' });
    await page.goto('/');
    await page.getByTestId('page-home').waitFor();

    // /news/:id is /news/detail?id=; an unknown address is the home screen. Neither leaves itself in the history.
    await page.goto('/news/12345');
    await page.waitForURL((u) => u.pathname === '/news/detail');
    expect(path(page.url())).toBe('/news/detail?id=12345');
    await page.goto('/no/such/screen');
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByTestId('page-home').waitFor();
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/news/detail');
    expect(path(page.url())).toBe('/news/detail?id=12345');

    // Opened from outside the app (no app page behind it), the back arrow goes to the screen's fallback instead of
    // leaving the app, and replaces the entry.
    const fresh = await context.newPage();
    await fresh.goto('/news');
    await fresh.getByTestId('page-news').waitFor();
    const entries = await fresh.evaluate(() => window.history.length);
    await fresh.getByTestId('nav-back').click();
    await fresh.waitForURL((u) => u.pathname === '/');
    await fresh.getByTestId('page-home').waitFor();
    expect(await fresh.evaluate(() => window.history.length)).toBe(entries);
    await context.close();
  });
});
