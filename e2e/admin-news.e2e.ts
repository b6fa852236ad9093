import { ADMIN_API, API } from '@tradepad/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, chromiumPath, startE2E, type E2E } from './support/harness.ts';

const DESK = { width: 1280, height: 800 };
const WRITER = { email: 'writer@example.com', password: 'Staff12345' };

/**
 * Issue 18 point 7 in the browser: a content staff member writes an article in English and Traditional Chinese in the
 * TipTap editor (a heading, bold text, a list, a quote), publishes it, and the trader's app shows it in each language;
 * screenshots of the list and of the editor with its phone preview in English and Traditional Chinese.
 */
describe.skipIf(!chromiumPath())('news in the back office', () => {
  let e: E2E;
  let articleId = 0;

  /** Types into the rich-text editor of the open tab, through its toolbar as a writer would. */
  async function writeBody(page: Page, parts: { heading: string; lead: string; bold: string; items: string[]; quote: string }) {
    const body = page.getByTestId('news-editor-content').locator('.tiptap');
    await body.click();
    await page.getByRole('button', { name: 'Heading', exact: true }).click();
    await page.keyboard.type(parts.heading);
    await page.keyboard.press('Enter');
    await page.keyboard.type(`${parts.lead} `);
    await page.getByRole('button', { name: 'Bold', exact: true }).click();
    await page.keyboard.type(parts.bold);
    await page.getByRole('button', { name: 'Bold', exact: true }).click();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Bulleted list', exact: true }).click();
    for (const [i, item] of parts.items.entries()) {
      await page.keyboard.type(item);
      if (i < parts.items.length - 1) await page.keyboard.press('Enter');
    }
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Quote', exact: true }).click();
    await page.keyboard.type(parts.quote);
  }

  beforeAll(async () => {
    e = await startE2E();
    const admin = await e.staffLogin(ADMIN);
    const made = await e.api('POST', ADMIN_API.staff, { ...WRITER, name: 'Wen', role: 'content' }, { authorization: admin });
    expect(made.code, made.msg).toBe(1);
    await e.staffLogin(WRITER);
  });
  afterAll(async () => e?.close());

  it('writes an article in English and Traditional Chinese, publishes it, and traders read it in each', async () => {
    const { context, page } = await e.newPage(DESK);
    await e.staffSignIn(page, WRITER);
    expect(await page.locator('nav a').allTextContents()).toEqual(['Dashboard', 'Account types', 'Users', 'News']);
    await page.locator('nav a', { hasText: 'News' }).click();
    await page.getByRole('heading', { name: 'News and announcements' }).waitFor();
    await page.locator('tbody tr').first().waitFor();
    await e.shot(page, 'admin-news-list-en');

    await page.getByRole('link', { name: 'New article' }).click();
    await page.getByTestId('news-tab-en').click();
    await page.getByTestId('news-title').fill('Holiday trading hours');
    await page.getByTestId('news-desc').fill('Shorter sessions over the year-end holidays.');
    await writeBody(page, {
      heading: 'What changes',
      lead: 'Markets close early on',
      bold: '24 and 31 December',
      items: ['Forex closes at 22:00 UTC', 'Crypto trades as usual'],
      quote: 'Pending orders stay in place.',
    });
    await expect.poll(() => page.getByTestId('news-tab-en').getAttribute('data-state')).toBe('complete');
    expect(await page.getByTestId('news-tab-hk').getAttribute('data-state')).toBe('empty');

    await page.getByTestId('news-tab-hk').click();
    expect(await page.getByTestId('news-title').inputValue()).toBe('');
    await page.getByTestId('news-title').fill('節日交易時間');
    await writeBody(page, {
      heading: '有何改動',
      lead: '市場將於以下日子提早收市：',
      bold: '12 月 24 日及 31 日',
      items: ['外匯於 UTC 22:00 收市', '加密貨幣照常交易'],
      quote: '掛單維持不變。',
    });
    await expect.poll(() => page.getByTestId('news-tab-hk').getAttribute('data-state')).toBe('complete');
    expect(await page.getByTestId('news-complete-count').textContent()).toBe('2 of 14 languages complete');
    // The phone preview renders the open tab's copy with the app's article styles.
    const preview = page.frameLocator('[data-testid=news-preview]');
    await preview.locator('.article-body h2', { hasText: '有何改動' }).waitFor();
    expect(await preview.locator('.article-body strong').textContent()).toBe('12 月 24 日及 31 日');

    // Save as a draft first: the article has an id, and traders do not see it yet.
    await page.getByTestId('news-save').click();
    await page.getByTestId('news-status-draft').waitFor();
    articleId = Number(new URL(page.url()).hash.match(/\/news\/(\d+)/)?.[1]);
    expect(articleId).toBeGreaterThan(0);
    expect((await e.api('GET', API.newsInfo, { id: String(articleId) }, { lang: 'en' })).code).toBe(0);

    await page.getByTestId('news-tab-en').click();
    await preview.locator('.article-heading', { hasText: 'Holiday trading hours' }).waitFor();
    // The pointer away from the tabs, so no tooltip covers them.
    await page.mouse.move(640, 790);
    await e.shot(page, 'admin-news-editor-en');
    await page.getByTestId('news-publish').click();
    await page.getByTestId('news-status-published').waitFor();
    await page.getByTestId('news-unpublish').scrollIntoViewIfNeeded();
    await page.mouse.move(640, 20);
    await e.shot(page, 'admin-news-editor-actions-en');
    await context.close();

    // The stored article: the editor's structure, sanitised, in both languages.
    const { data } = await e.api('GET', API.newsInfo, { id: String(articleId) }, { lang: 'en' });
    expect(data.content).toContain('<h2>What changes</h2>');
    expect(data.content).toContain('<strong>24 and 31 December</strong>');
    expect(data.content).toMatch(/<ul><li><p>Forex closes at 22:00 UTC<\/p><\/li><li><p>Crypto trades as usual<\/p><\/li><\/ul>/);
    expect(data.content).toContain('<blockquote><p>Pending orders stay in place.</p></blockquote>');

    for (const [lang, title, text] of [
      ['en', 'Holiday trading hours', 'Crypto trades as usual'],
      ['hk', '節日交易時間', '加密貨幣照常交易'],
    ] as const) {
      const app = await e.newPage({ lang });
      await app.page.goto('/news');
      const row = app.page.getByTestId(`news-row-${articleId}`);
      await row.waitFor();
      expect(await row.locator('.article-title').textContent()).toBe(title);
      await row.click();
      await app.page.getByTestId('article-body').getByText(text).waitFor();
      expect(await app.page.locator('#article-title').textContent()).toBe(title);
      await e.shot(app.page, `app-news-published-${lang}`);
      await app.context.close();
    }
  });

  it('shows the list and the editor in Traditional Chinese', async () => {
    const { context, page } = await e.newPage(DESK);
    await e.staffSignIn(page, WRITER, '?lang=hk');
    expect(await page.locator('nav a').allTextContents()).toEqual(['總覽', '賬戶類型', '用戶', '新聞']);
    await page.locator('nav a', { hasText: '新聞' }).click();
    await page.getByRole('heading', { name: '新聞及公告' }).waitFor();
    const row = page.getByTestId(`news-row-${articleId}`);
    await row.waitFor();
    expect(await page.locator('tbody tr', { has: row }).getByText('14 種語言中已完成 2 種').count()).toBe(1);
    await e.shot(page, 'admin-news-list-hk');
    await row.click();
    // The editor opens on the console's language (its tabs are there before its one state chip is looked for: the
    // list had eight).
    await expect.poll(() => page.getByTestId('news-tab-hk').getAttribute('aria-selected')).toBe('true');
    expect(await page.getByTestId('news-tab-en').getAttribute('aria-selected')).toBe('false');
    expect(await page.getByTestId('news-status-published').count()).toBe(1);
    const preview = page.frameLocator('[data-testid=news-preview]');
    await preview.locator('.article-heading', { hasText: '節日交易時間' }).waitFor();
    await page.mouse.move(640, 790);
    await e.shot(page, 'admin-news-editor-hk');
    // An Arabic copy is written and previewed right to left (not saved).
    await page.getByTestId('news-tab-ar').click();
    await page.getByTestId('news-title').fill('ساعات التداول في العطلات');
    await page.getByTestId('news-editor-content').locator('.tiptap').click();
    await page.keyboard.type('تغلق الأسواق مبكراً في 24 و31 ديسمبر.');
    await preview.locator('.article-heading', { hasText: 'ساعات التداول في العطلات' }).waitFor();
    expect(await preview.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.getByTestId('news-tab-ar').getAttribute('data-state')).toBe('complete');
    await page.mouse.move(640, 790);
    await e.shot(page, 'admin-news-editor-ar-tab-hk');
    await context.close();
  });
});
