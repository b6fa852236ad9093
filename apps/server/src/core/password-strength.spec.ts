import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { passwordScore, refuseWeakPassword } from './password-strength.ts';

describe('refusing well-known passwords', () => {
  it.each([
    'password1',
    'Password1',
    'qwerty123',
    'Qwerty123',
    'abc12345',
    'iloveyou1',
    'letmein1',
    'Summer2024',
    'P@ssw0rd1',
    '1qaz2wsx',
    'Secret123',
  ])('refuses %s', async (weak) => {
    await expect(refuseWeakPassword(weak)).rejects.toSatisfy((e) => e instanceof AppError && e.key === 'err.password_weak');
  });

  it.each(['Harbour26x', 'Lantern-42x', 'mango7river', 'Tr4de!pad', 'Kowloon2026', 'Quiet-Harbour-26', 'correct horse 9'])(
    'accepts %s',
    async (decent) => {
      await expect(refuseWeakPassword(decent)).resolves.toBeUndefined();
    },
  );

  it('counts the account name as a known word', async () => {
    expect(await passwordScore('Kowloon2026')).toBeGreaterThanOrEqual(2);
    expect(await passwordScore('Kowloon2026', ['kowloon@example.com'])).toBeLessThan(2);
  });

  it('loads the dictionaries once, and a check then costs a few milliseconds', async () => {
    await passwordScore('warm-up-1');
    const started = performance.now();
    for (let i = 0; i < 50; i++) await passwordScore(`Harbour-Lantern-${i}`);
    expect((performance.now() - started) / 50).toBeLessThan(50);
  });
});
