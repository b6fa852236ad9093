import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { matchingStep, newRecoveryCodes, newTotpSecret, openSecret, otpauthUrl, recoveryCodeHash, sealSecret } from './totp.ts';

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

describe('secrets at rest', () => {
  const key = Buffer.alloc(32, 9);
  it('seals a secret with TOTP_KEY, bound to its owner, and opens it again', () => {
    const secret = newTotpSecret();
    const sealed = sealSecret(secret, 'user:7', key);
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain(secret);
    expect(sealed.length).toBeLessThanOrEqual(128);
    expect(openSecret(sealed, 'user:7', key)).toBe(secret);
    expect(() => openSecret(sealed, 'user:8', key)).toThrow();
    expect(() => openSecret(sealed, 'user:7', Buffer.alloc(32, 1))).toThrow();
    expect(() => openSecret(sealed, 'user:7', undefined)).toThrow(/TOTP_KEY/);
  });

  it('keeps a secret as it is without a key, and reads such a secret with or without one', () => {
    const secret = newTotpSecret();
    expect(sealSecret(secret, 'staff:1', undefined)).toBe(secret);
    expect(openSecret(secret, 'staff:1', key)).toBe(secret);
  });
});
