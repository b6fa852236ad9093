import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@tradepad/contracts';
import { ManualClock } from '../src/ports/clock.ts';
import { startHarness, type Harness } from './harness.ts';
import { PASSWORD, realUser } from './people.ts';

/**
 * Guessing a code (issue 17, point 2): the attempt is counted and the limit tested in one statement before the code is
 * compared, so guesses that arrive together get at most 5 comparisons between them, and the right code is refused
 * once they are used up.
 */
describe('verification code guesses', () => {
  let h: Harness;
  let clock: ManualClock;

  beforeAll(async () => {
    clock = new ManualClock(Date.UTC(2026, 10, 18, 14, 0, 0));
    h = await startHarness({ clock });
  }, 120_000);
  afterAll(async () => h?.close());

  it('compares at most 5 of 200 guesses sent at once', async () => {
    const u = await realUser(h, clock);
    clock.advance(61_000);
    expect((await h.call('POST', API.sendEmail, { email: u.email, type: 2 })).code).toBe(1);
    const right = h.lastCode(u.email);
    const guess = (code: string) =>
      h.call(
        'POST',
        API.forgetPassword,
        { type: 1, account: u.email, new_password: 'Taken-Over-1', secondary_password: 'Taken-Over-1', auth_code: code },
        { lang: 'en' },
      );
    const wrong = Array.from({ length: 200 }, (_, i) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(wrong.map(guess));

    expect(answers.every((a) => a.code === 0)).toBe(true);
    // "incorrect (n tries left)" says a guess was compared; the fifth compared guess already answers "too many".
    const compared = answers.filter((a) => a.msg.startsWith('The verification code is incorrect'));
    expect(compared.length).toBeLessThanOrEqual(4);
    const row = await h.app.tradepad.database.db
      .selectFrom('verification_codes')
      .select(['attempts'])
      .where('address', '=', u.email)
      .where('purpose', '=', 2)
      .executeTakeFirstOrThrow();
    expect(Number(row.attempts)).toBe(5);

    // The right code is not compared any more (the code is used up, and the account's checks for the hour too): the
    // account stays the owner's.
    expect((await guess(right)).msg).toMatch(/^Too many (wrong codes|requests)/);
    expect((await h.call('POST', API.login, { account: u.email, password: PASSWORD, login_type: 1 })).code).toBe(1);
  });
});
