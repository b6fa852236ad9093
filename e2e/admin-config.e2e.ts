import { ADMIN_API, API, type TradeItem } from '@tradepad/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, chromiumPath, startE2E, type E2E } from './support/harness.ts';

const DESK = { width: 1280, height: 800 };

/**
 * Issue 18 points 6, 8, 9 in the back office: a super admin changes an instrument's spread (for everyone: the trade
 * list shows it at once), reads the run-time settings with the margin-level impact, the audit log's before and after,
 * and the reports; each page shot in English and Traditional Chinese.
 */
describe.skipIf(!chromiumPath())('instruments, settings, audit and reports in the back office', () => {
  let e: E2E;

  beforeAll(async () => {
    e = await startE2E();
    // Enrols the first super admin's TOTP (the console's sign-in then asks for a code).
    await e.staffLogin(ADMIN);
  });
  afterAll(async () => e?.close());

  it("edits an instrument's spread for everyone, then shows the settings, audit and reports pages", async () => {
    const { context, page } = await e.newPage(DESK);
    await e.staffSignIn(page, ADMIN);
    await page.locator('nav a', { hasText: 'Instruments' }).click();
    await page.getByRole('heading', { name: 'Instruments', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Edit EURUSD' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Spread (points)').fill('25');
    await e.shot(page, 'admin-instrument-edit-en');
    await dialog.getByRole('button', { name: 'Save for everyone' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(async () => ((await e.api('GET', API.tradeList)).data as TradeItem[]).find((i) => i.Code === 'EURUSD')?.Spread)
      .toBe(25);
    await page.locator('tbody tr', { hasText: 'EUR/USD' }).getByText('25', { exact: true }).waitFor();

    // Published pricing (issue 31): a markup of 3 points on each side of the source's quote instead of a fixed spread.
    await page.getByRole('button', { name: 'Edit EURUSD' }).click();
    await dialog.getByLabel('Pricing', { exact: true }).click();
    await page.getByRole('option', { name: 'Markup on the source' }).click();
    await dialog.getByLabel('Markup (points per side)').fill('3');
    await e.shot(page, 'admin-instrument-pricing-en');
    await dialog.getByRole('button', { name: 'Save for everyone' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(async () => ((await e.api('GET', API.tradeList)).data as TradeItem[]).find((i) => i.Code === 'EURUSD')?.Markup)
      .toBe(3);
    await page.locator('tbody tr', { hasText: 'EUR/USD' }).getByText('Markup +3', { exact: true }).waitFor();
    await e.shot(page, 'admin-instruments-en');

    // A bad change is refused with the server's message, and nothing changes.
    await page.getByRole('button', { name: 'Edit EURUSD' }).click();
    await dialog.getByLabel('Minimum lots').fill('100');
    await dialog.getByRole('button', { name: 'Save for everyone' }).click();
    await dialog.getByRole('alert').waitFor();
    expect(await dialog.getByRole('alert').textContent()).toMatch(/minimum/i);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.locator('nav a', { hasText: 'Settings' }).click();
    await page.getByText('Run-time settings').waitFor();
    await page.getByRole('status').waitFor();
    await page.getByRole('status').scrollIntoViewIfNeeded();
    await e.shot(page, 'admin-settings-en');

    await page.locator('nav a', { hasText: 'Audit' }).click();
    await page.getByRole('heading', { name: 'Audit log', exact: true }).waitFor();
    await page.locator('tbody tr', { hasText: 'instrument.update' }).first().getByRole('button').click();
    await page.getByRole('cell', { name: 'markup', exact: true }).first().waitFor();
    // The before/after panel opens with an animation.
    await page.waitForTimeout(500);
    await e.shot(page, 'admin-audit-en');

    await page.locator('nav a', { hasText: 'Reports' }).click();
    await page.getByRole('heading', { name: 'Reports', exact: true }).waitFor();
    await page.locator('tbody tr').first().waitFor();
    await e.shot(page, 'admin-reports-en');

    for (const [path, name] of [
      ['instruments', 'admin-instruments-hk'],
      ['settings', 'admin-settings-hk'],
      ['audit', 'admin-audit-hk'],
      ['reports', 'admin-reports-hk'],
    ] as const) {
      await page.goto(`/admin/?lang=hk#/${path}`);
      await page.locator('nav a', { hasText: '審計紀錄' }).waitFor();
      await page.locator('h1').first().waitFor();
      await page.waitForTimeout(400);
      await e.shot(page, name);
    }
    await context.close();
    // The token the API side uses still reads the change.
    const token = await e.staffLogin(ADMIN);
    const list = await e.api('GET', ADMIN_API.instruments, {}, { authorization: token });
    expect(list.data.data.find((i: { Code: string }) => i.Code === 'EURUSD').spread).toBe(25);
  });
});
