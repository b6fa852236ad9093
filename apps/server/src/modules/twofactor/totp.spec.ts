import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { matchingStep, newRecoveryCodes, newTotpSecret, otpauthUrl, recoveryCodeHash } from './totp.ts';

const at = Date.UTC(2026, 0, 1, 12, 0, 10);
const codeAt = (secret: string, ms: number) => generate({ secret, epoch: Math.floor(ms / 1000) });

describe('TOTP helpers', () => {
  it('matches a code of the current step, and of one step before or after, and gives its step', async () => {
    const secret = newTotpSecret();
    const step = Math.floor(at / 30_000);
    expect(await matchingStep(secret, await codeAt(secret, at), at)).toBe(step);
    expect(await matchingStep(secret, await codeAt(secret, at - 30_000), at)).toBe(step - 1);
    expect(await matchingStep(secret, await codeAt(secret, at + 30_000), at)).toBe(step + 1);
    expect(await matchingStep(secret, await codeAt(secret, at - 90_000), at)).toBeUndefined();
    expect(await matchingStep(secret, 'ABCDEF', at)).toBeUndefined();
  });

  it('writes an otpauth link with SHA-1, 6 digits and 30 s', () => {
    const url = otpauthUrl('Tradepad', 'a@example.com', 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(url).toMatch(/^otpauth:\/\/totp\/Tradepad:a%40example\.com\?/);
    expect(url).toContain('secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(url).toContain('issuer=Tradepad');
  });

  it('makes distinct recovery codes whose hash ignores case and the dash', () => {
    const codes = newRecoveryCodes(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect(recoveryCodeHash(codes[0]!.toLowerCase().replace('-', ''))).toBe(recoveryCodeHash(codes[0]!));
  });
});
