import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN_API, API, type KycReview } from '@tradepad/contracts';
import { pngOf } from './support/png.ts';
import { ADMIN, chromiumPath, overflow, signedInPage, startE2E, type E2E, type SignIn } from './support/harness.ts';

/**
 * Real-name depth in the browser (issue 32 point 4): a trader fills the longer form (date of birth checked before it is
 * sent, document type and expiry, a selfie and a proof of address), staff ask for more information from the console,
 * the trader reads the message on the real-name page in en, hk and ar and submits again; staff see the earlier
 * application beside the new one. Screens at 390×844 (app) and 1280×800 (console), none overflowing sideways.
 */

const PASSWORD = 'Harbour26x';
const COMPLIANCE = { email: 'kyc-desk@example.com', password: 'Staff12345' };
const DAY = 86_400_000;
const dateIn = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
const photo = (name: string, rgb: [number, number, number]) => ({ name, mimeType: 'image/png', buffer: pngOf(48, rgb) });

describe.skipIf(!chromiumPath())('real-name depth in Chromium', () => {
  let e: E2E;
  let staffToken = '';
  let login: SignIn;
  let userId = 0;

  const staff = async (method: 'GET' | 'POST', path: string, params: Record<string, string> = {}) => {
    const res = await e.api(method, path, params, { authorization: staffToken });
    expect(res.code, `${path}: ${res.msg}`).toBe(1);
    return res.data;
  };
  const applications = async (): Promise<KycReview[]> =>
    (await staff('GET', ADMIN_API.kyc, { user_id: String(userId) })).data as KycReview[];

  beforeAll(async () => {
    e = await startE2E();
    const email = 'kyc-depth@example.com';
    ({ id: userId } = await e.registerTrader(email, PASSWORD));
    // The sign-in's whole answer, stored by the app as its profile.
    const signIn = await e.api('POST', API.login, { account: email, password: PASSWORD, login_type: '1' });
    expect(signIn.code, signIn.msg).toBe(1);
    login = signIn.data as SignIn;
    staffToken = await e.staffLogin(ADMIN);
    await staff('POST', ADMIN_API.staff, { ...COMPLIANCE, name: 'Wong', role: 'compliance' });
    await e.staffLogin(COMPLIANCE);
  });
  afterAll(async () => e?.close());

  async function fillForm(page: Page, opts: { birth: string; docType: string; shotAs?: string }) {
    await page.getByTestId('kyc-name').fill('Siu Ming Wong');
    await page.getByTestId('kyc-card-id').fill('P9876543');
    await page.getByTestId('kyc-front').setInputFiles(photo('front.png', [210, 200, 190]));
    await page.getByTestId('kyc-front-remove').waitFor();
    await page.getByTestId('kyc-back').setInputFiles(photo('back.png', [120, 130, 140]));
    await page.getByTestId('kyc-back-remove').waitFor();
    await page.getByTestId('kyc-birth-date').fill(opts.birth);
    await page.getByTestId('kyc-address').fill('Flat 8, 21 Nathan Road, Kowloon');
    await page.getByTestId('kyc-doc-type').selectOption(opts.docType);
    await page.getByTestId('kyc-doc-expiry').fill(dateIn(900));
    await page.getByTestId('kyc-selfie').setInputFiles(photo('selfie.png', [240, 180, 150]));
    await page.getByTestId('kyc-selfie-remove').waitFor();
    await page.getByTestId('kyc-address-proof').setInputFiles(photo('bill.png', [250, 250, 240]));
    await page.getByTestId('kyc-address-proof-remove').waitFor();
    if (opts.shotAs) {
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      // The last upload's loading toast gone, the form is photographed from its optional part.
      await expect.poll(() => page.locator('.adm-toast-main').count()).toBe(0);
      await page.getByTestId('kyc-optional').scrollIntoViewIfNeeded();
      await e.shot(page, opts.shotAs);
    }
  }

  it('the trader applies with the new fields, a minor’s date of birth refused before sending', async () => {
    const { context, page } = await signedInPage(e, login, { lang: 'en' });
    await page.goto('/mine/auth');
    await page.getByTestId('kyc-name').waitFor();
    await fillForm(page, { birth: dateIn(-16 * 366), docType: 'passport', shotAs: 'kyc-form-en' });
    await page.getByTestId('kyc-submit').click();
    await expect.poll(() => page.getByTestId('kyc-birth-date').getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.getByText('You must be at least 18 years old').count()).toBeGreaterThan(0);
    expect(await applications()).toEqual([]);

    await page.getByTestId('kyc-birth-date').fill('1988-07-21');
    await page.getByTestId('kyc-submit').click();
    await expect.poll(() => page.getByTestId('kyc-status').getAttribute('data-status')).toBe('1');
    const [sent] = await applications();
    expect(sent).toMatchObject({ birth_date: '1988-07-21', doc_type: 'passport', doc_expiry: dateIn(900) });
    expect(sent!.selfie_url).not.toBe('');
    expect(sent!.address_proof_url).not.toBe('');
    await context.close();
  });

  it('staff ask for more information in the console; the message shows beside the images', async () => {
    const { context, page } = await e.newPage({ width: 1280, height: 800 });
    await e.staffSignIn(page, COMPLIANCE);
    await page.locator('nav a', { hasText: 'Real-name' }).click();
    await page.locator('tbody tr', { hasText: 'Siu Ming Wong' }).click();
    const panel = page.locator('aside');
    await expect.poll(() => panel.getByText('1988-07-21').count()).toBeGreaterThan(0);
    await expect.poll(() => panel.getByText('Passport').count()).toBe(1);
    expect(await panel.getByText('Selfie').count()).toBeGreaterThan(0);
    expect(await panel.getByText('Proof of address').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'More information needed…' }).click();
    await page.getByLabel('What the user must provide (shown to the user)').fill('Please upload a bill dated within 3 months');
    await e.shot(page, 'admin-kyc-more-en');
    await page.getByRole('button', { name: 'Send the request' }).click();
    await expect.poll(() => panel.locator('.MuiChip-label').first().textContent()).toBe('More information needed');
    expect((await applications())[0]).toMatchObject({ status: 4, remark: 'Please upload a bill dated within 3 months' });

    // The expiry filter: the document expires in 900 days, so it is in neither "expired" nor "within 30 days".
    await page.locator('tbody tr', { hasText: 'Siu Ming Wong' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'More information needed', exact: true }).click();
    await page.locator('tbody tr', { hasText: 'Siu Ming Wong' }).waitFor();
    expect(await page.locator('tbody tr', { hasText: 'Siu Ming Wong' }).textContent()).toContain(dateIn(900));
    await page.getByRole('combobox', { name: 'Document expiry' }).click();
    await page.getByRole('option', { name: 'Expiring within 30 days' }).click();
    await page.locator('tbody tr', { hasText: 'Siu Ming Wong' }).waitFor({ state: 'detached' });
    await context.close();
  });

  it('the trader reads the message (en, hk, ar) and submits again; staff see the earlier application', async () => {
    for (const lang of ['hk', 'ar'] as const) {
      const { context, page } = await signedInPage(e, login, { lang });
      await page.goto('/mine/auth');
      await expect.poll(() => page.getByTestId('kyc-status').getAttribute('data-status')).toBe('4');
      expect(await page.getByTestId('kyc-remark').textContent()).toContain('Please upload a bill dated within 3 months');
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await e.shot(page, `kyc-more-${lang}`);
      await context.close();
    }
    const { context, page } = await signedInPage(e, login, { lang: 'en' });
    await page.goto('/mine/auth');
    await expect.poll(() => page.getByTestId('kyc-status-title').textContent()).toBe('More information needed');
    expect(await page.getByTestId('kyc-remark').textContent()).toBe(
      'Message from our team: \u2068Please upload a bill dated within 3 months\u2069',
    );
    await e.shot(page, 'kyc-more-en');
    await page.getByTestId('kyc-apply-again').click();
    await fillForm(page, { birth: '1988-07-21', docType: 'driving_licence' });
    await page.getByTestId('kyc-submit').click();
    await expect.poll(() => page.getByTestId('kyc-status').getAttribute('data-status')).toBe('1');
    await context.close();

    const [latest, earlier] = await applications();
    expect(latest).toMatchObject({ status: 1, doc_type: 'driving_licence' });
    expect(latest!.previous.map((p) => p.id)).toEqual([earlier!.id]);

    // The console in Traditional Chinese: the earlier application and its message under the new one.
    const admin = await e.newPage({ width: 1280, height: 800 });
    await e.staffSignIn(admin.page, COMPLIANCE, '?lang=tw');
    await admin.page.locator('nav a', { hasText: '實名認證' }).click();
    await admin.page.locator('tbody tr', { hasText: 'Siu Ming Wong' }).first().click();
    const previous = admin.page.getByTestId('kyc-previous');
    await previous.waitFor();
    expect(await previous.textContent()).toContain('Please upload a bill dated within 3 months');
    expect(await admin.page.locator('aside').getByText('駕駛執照').count()).toBe(1);
    // The panel has finished sliding in: wholly inside the window.
    await expect
      .poll(async () => {
        const box = await previous.boundingBox();
        return box ? box.x + box.width : Infinity;
      })
      .toBeLessThanOrEqual(1280);
    await e.shot(admin.page, 'admin-kyc-previous-hk');
    await admin.context.close();
  });
});
