import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { refuse } from './errors.ts';

/**
 * Well-known passwords refused for traders and staff (issue 17 point 3): zxcvbn-ts with its common-password and
 * diceware dictionaries estimates how many guesses a password needs, and a score below 2 (fewer than ~10⁶ guesses:
 * "password1", "qwerty123", "Summer2024", a word plus "123") is refused. The dictionaries (~1 MB) are loaded once, on the
 * first check, not at start.
 */
export const MIN_PASSWORD_SCORE = 2;

let estimator: Promise<ZxcvbnFactory> | undefined;

function load(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([core, common]) => new core.ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs }),
  );
  estimator.catch(() => (estimator = undefined));
  return estimator;
}

/** The zxcvbn score (0 to 4) of `password`; `related` (the account's e-mail, phone, name) counts as known words. */
export async function passwordScore(password: string, related: string[] = []): Promise<number> {
  const z = await load();
  const words = related.flatMap((r) => r.toLowerCase().split(/[@.+\s_-]+/)).filter((w) => w.length >= 3);
  return z.check(password, words).score;
}

/** Refuses a password that is too common or too easy to guess, in the user's language (`err.password_weak`). */
export async function refuseWeakPassword(password: string, related: string[] = []): Promise<void> {
  if ((await passwordScore(password, related)) < MIN_PASSWORD_SCORE) throw refuse('err.password_weak');
}
