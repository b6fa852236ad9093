import { ADMIN_API, API } from '@tradepad/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, chromiumPath, startE2E, type E2E } from './support/harness.ts';

const PASSWORD = 'Harbour26x';
const AGENT = { email: 'agent@example.com', password: 'Staff12345' };

/**
 * Issue 18, the support chat in the back office: a support agent sees only the Support section, opens the waiting
 * thread (the trader's text shown as text, never as HTML), answers it, and the trader's thread lists the answer.
 */
describe.skipIf(!chromiumPath())('support inbox', () => {
  let e: E2E;
  let trader = '';
  let traderId = 0;

  const write = async (text: string) => {
    const r = await e.api('POST', API.supportMessages, { text }, { authorization: trader });
    expect(r.code, r.msg).toBe(1);
  };

  beforeAll(async () => {
    e = await startE2E();
    const email = 'asks@example.com';
    ({ token: trader, id: traderId } = await e.registerTrader(email, PASSWORD));
    await write('Hello, my deposit of 125 USDT is not in my balance yet.');
    await write('I sent it at 10:05.\nThe network was <b>TRC20</b>.');
    const admin = await e.staffLogin(ADMIN);
    const created = await e.api(
      'POST',
      ADMIN_API.staff,
      { ...AGENT, name: 'Amy Agent', role: 'support' },
      { authorization: admin },
    );
    expect(created.code, created.msg).toBe(1);
    await e.staffLogin(AGENT);
  });
  afterAll(async () => e?.close());

  it('a support agent answers a waiting thread, and the trader’s thread lists the answer', async () => {
    const { context, page } = await e.newPage({ width: 1280, height: 800 });
    await e.staffSignIn(page, AGENT);
    // Support sees the dashboard and the users every role reads, and its own section.
    expect(await page.locator('nav a').allTextContents()).toEqual(['Dashboard', 'Account types', 'Users', 'Support']);
    await page.locator('nav a', { hasText: 'Support' }).click();
    await page.getByRole('heading', { name: 'Support', exact: true }).waitFor();
    const thread = page.getByRole('link', { name: /asks@example\.com/ });
    await expect.poll(() => thread.textContent()).toContain('The network was <b>TRC20</b>.');
    expect(await thread.getByLabel('2 unread messages').count()).toBe(1);

    await thread.click();
    const log = page.getByRole('log');
    await log.getByText('I sent it at 10:05.', { exact: false }).waitFor();
    // Shown as text: the tags are visible characters, not markup.
    expect(await log.locator('b').count()).toBe(0);
    expect(await log.textContent()).toContain('<b>TRC20</b>');
    await e.shot(page, 'admin-support-en');

    await page.getByLabel('Reply').fill('Thank you. We found it: it is credited now.');
    await page.getByRole('button', { name: 'Send' }).click();
    await log.getByText('Thank you. We found it: it is credited now.').waitFor();
    await expect.poll(() => page.getByLabel('Reply').inputValue()).toBe('');

    const mine = await e.api('GET', API.supportMessages, {}, { authorization: trader });
    expect(mine.data.data[0]).toMatchObject({
      from: 'staff',
      text: 'Thank you. We found it: it is credited now.',
      staff_name: 'Amy Agent',
      user_id: traderId,
    });
    // Answered: it leaves the waiting list.
    await expect.poll(() => page.getByRole('list', { name: 'Conversations' }).count(), { timeout: 6000 }).toBe(0);
    await context.close();
  });

  it('shows the inbox in Traditional Chinese', async () => {
    await write('還有一個問題：出金要多久？');
    const { context, page } = await e.newPage({ width: 1280, height: 800 });
    await e.staffSignIn(page, AGENT, '?lang=hk');
    await page.locator('nav a', { hasText: '客戶支援' }).click();
    await page.getByRole('heading', { name: '客戶支援', exact: true }).waitFor();
    await page.getByRole('link', { name: /asks@example\.com/ }).click();
    await page.getByRole('log').getByText('還有一個問題：出金要多久？').waitFor();
    await page.getByRole('button', { name: '發送' }).waitFor();
    await e.shot(page, 'admin-support-hk');
    await context.close();
  });
});
