import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@tradepad/contracts';
import {
  chromiumPath,
  demoLogin,
  downloadedBytes,
  liveQuote,
  signedInPage,
  startE2E,
  type E2E,
  type SignIn,
} from './support/harness.ts';

/**
 * The statement in the browser (issue 21 points 3 and 7): a demo trader with closed BTCUSD trades opens the account
 * history's statement view, sees each trade's P/L, fee and swap apart and the totals, changes the period, and
 * downloads the CSV and the PDF (the browser's download event: a fetch with the app's token, saved as a file).
 * Photographed at 390×844 in Traditional Chinese, English, Arabic and German.
 */
describe.skipIf(!chromiumPath())('statement in Chromium', () => {
  let e: E2E;
  let login: SignIn;
  let token = '';
  const closed: number[] = [];

  beforeAll(async () => {
    e = await startE2E();
    const btc = await liveQuote(e);
    const uuid = 'e2e-statement-0000-0000-000000000000';
    login = await demoLogin(e, uuid);
    token = login.token;
    for (let i = 0; i < 2; i++) {
      const placed = await e.api(
        'POST',
        API.submit,
        { type: String(1 + i), cont: '0.05', forex_id: String(btc!.Id), multiple: '5', status: '1' },
        { authorization: token },
      );
      expect(placed.code, placed.msg).toBe(1);
      const done = await e.api('POST', API.close, { id: String(placed.data.order.Id) }, { authorization: token });
      expect(done.code, done.msg).toBe(1);
      closed.push(placed.data.order.Id as number);
    }
  }, 120_000);
  afterAll(async () => e?.close());

  const open = (lang: string) => signedInPage(e, login, { lang });

  it('shows each trade’s P/L, fee and swap apart, and downloads the CSV and the PDF', async () => {
    const { context, page } = await open('en');
    await page.goto('/mine/history');
    await page.getByTestId('history-tab-statement').click();
    await page.waitForURL((u) => u.searchParams.get('view') === 'statement');
    for (const id of closed) {
      await page.getByTestId(`statement-trade-${id}`).waitFor();
      // BTCUSD's fee is 10 USD a lot: 0.50 for 0.05 lot, in its own figure beside the P/L and the swap.
      expect(await page.getByTestId(`statement-fee-${id}`).textContent()).toBe('0.50');
      expect(await page.getByTestId(`statement-swap-${id}`).textContent()).toBe('0.00');
      expect(await page.getByTestId(`statement-profit-${id}`).textContent()).toMatch(/^-?\d+\.\d{2}$/);
    }
    expect(await page.getByTestId('statement-total-fees').textContent()).toBe('1.00');

    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('statement-csv').click()]);
    expect(csv.suggestedFilename()).toMatch(/^statement-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.csv$/);
    const csvBytes = await downloadedBytes(csv);
    expect(csvBytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = csvBytes.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Type,No.,Time,Open time,Symbol,Side,Lots,Open price,Close price,P/L,Fee,Swap,Amount,Description,Commission',
    );
    for (const id of closed) expect(lines.some((l) => l.startsWith(`Trade,${id},`))).toBe(true);

    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('statement-pdf').click()]);
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    const pdfBytes = await downloadedBytes(pdf);
    expect(pdfBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfBytes.toString('latin1')).toContain('/FontFile2');

    // Last month: none of these trades; the figures follow the period.
    await page.getByTestId('statement-preset-last_month').click();
    await expect.poll(() => page.getByTestId('statement-total-fees').textContent()).toBe('0.00');
    // A start after the end is not asked for, and the downloads wait for a valid period.
    await page.getByTestId('statement-from').fill('2030-01-02');
    await page.getByTestId('statement-to').fill('2030-01-01');
    expect(await page.getByTestId('statement-csv').isDisabled()).toBe(true);
    await context.close();
  });

  for (const lang of ['hk', 'en', 'ar', 'de']) {
    it(`lays the statement out in ${lang}`, async () => {
      const { context, page } = await open(lang);
      await page.goto('/mine/history?view=statement');
      await page.getByTestId(`statement-trade-${closed[0]}`).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await e.shot(page, `statement-${lang}`);
      await page.getByTestId('statement-totals').scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollBy(0, 300));
      await e.shot(page, `statement-rows-${lang}`);
      await context.close();
    });
  }
});
