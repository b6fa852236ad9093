import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@tradepad/contracts';
import { ManualClock } from '../src/ports/clock.ts';
import { startHarness, type Harness } from './harness.ts';

/**
 * Asking for codes (issue 29, smaller findings): one code a minute per address, decided atomically however many asks
 * arrive together, and an ask inside the wait costs nobody's hourly allowance.
 */
describe('verification code sends', () => {
  let h: Harness;
  const clock = new ManualClock(Date.UTC(2026, 10, 28, 9, 0, 0));

  beforeAll(async () => {
    // A small allowance per client address, so that the test can tell whether a refused ask was counted.
    h = await startHarness({ clock, env: { LIMIT_CODE_SENDS_ADDRESS: '3' } });
  }, 120_000);
  afterAll(async () => h?.close());

  const ask = (email: string) => h.call('POST', API.sendEmail, { email, type: 1 }, { lang: 'en' });

  it('sends one code of 20 asked at once for one address', async () => {
    const before = h.mail.length;
    const answers = await Promise.all(Array.from({ length: 20 }, () => ask('rush@example.com')));
    expect(answers.filter((a) => a.code === 1)).toHaveLength(1);
    for (const a of answers.filter((a) => a.code !== 1)) expect(a.msg).toMatch(/^Please wait \d+ seconds/);
    await new Promise((r) => setTimeout(r, 50));
    expect(h.mail.slice(before).filter((m) => m.to === 'rush@example.com')).toHaveLength(1);
  });

  it('does not count an ask inside the resend wait against the client address', async () => {
    clock.advance(3_600_000);
    expect((await ask('patient@example.com')).code).toBe(1);
    // An impatient user behind a carrier NAT taps again and again: each is told to wait, and nothing is used up.
    for (let i = 0; i < 10; i++) expect((await ask('patient@example.com')).msg).toMatch(/^Please wait/);
    // The address's allowance (3 an hour here) still has two codes for the others behind it.
    expect((await ask('neighbour1@example.com')).code).toBe(1);
    expect((await ask('neighbour2@example.com')).code).toBe(1);
    expect((await ask('neighbour3@example.com')).msg).toBe('Too many codes requested. Please try again later');
  });
});
