import { describe, expect, it } from 'vitest';
import { LANGS } from '@tradepad/contracts';
import { translate } from './translate.ts';

/**
 * DESIGN §10: a refusal because of a lock or a limit never uses the wording of a wrong-code or wrong-password answer
 * ("incorrect", "tries left"), so a client can tell "evaluated and wrong" from "not evaluated". Per language, the words
 * its wrong answers use.
 */
const WRONG_WORDS: Record<string, RegExp> = {
  en: /incorrect|tries left/i,
  hk: /不正確|尚餘/,
  ar: /غير صحيح|المتبقية/,
  de: /falsch|verbleibende/i,
  fr: /incorrect|restantes/i,
  it: /corrett|errat|rimasti/i,
  jp: /正しくありません|残り/,
  kr: /올바르지|남은/,
  pt: /incorret|restantes/i,
  ru: /неверн|осталось/i,
  spa: /incorrect|restantes/i,
  th: /ไม่ถูกต้อง|เหลืออีก/,
  tr: /hatalı|kalan/i,
  vn: /không chính xác|còn \d+ lần/i,
};
const WRONG = ['err.password_wrong', 'err.code_wrong'] as const;
const LIMITS = [
  'err.login_locked',
  'err.code_too_many_tries',
  'err.code_rate_limited',
  'err.too_many_requests',
  'err.captcha_required',
] as const;

describe.each([...LANGS])('refusals for a lock or a limit in %s', (lang) => {
  const words = WRONG_WORDS[lang]!;
  it('are worded unlike a wrong code or password', () => {
    for (const key of WRONG) expect(translate(lang, key, { left: 3 })).toMatch(words);
    for (const key of LIMITS) expect(translate(lang, key, { minutes: 15 })).not.toMatch(words);
  });
});
