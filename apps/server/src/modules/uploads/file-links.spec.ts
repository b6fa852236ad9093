import { describe, expect, it } from 'vitest';
import { fileLinkSignature, isFileLinkValid, signFileLink } from './file-links.ts';

const SECRET = Buffer.alloc(32, 7);
const NAME = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345.png';
const NOW = 1_800_000_000_000;
const EXPIRES = NOW + 60_000;

describe('file links', () => {
  const sig = fileLinkSignature(SECRET, NAME, EXPIRES);

  it('signs name and expiry into the link', () => {
    expect(sig).toMatch(/^[0-9a-f]{64}$/);
    expect(signFileLink(SECRET, NAME, EXPIRES)).toBe(`/api/files/${NAME}?expires=${EXPIRES}&sig=${sig}`);
  });

  it('accepts its own signature until the expiry, not at or after it', () => {
    expect(isFileLinkValid(SECRET, NAME, String(EXPIRES), sig, NOW)).toBe(true);
    expect(isFileLinkValid(SECRET, NAME, String(EXPIRES), sig, EXPIRES - 1)).toBe(true);
    expect(isFileLinkValid(SECRET, NAME, String(EXPIRES), sig, EXPIRES)).toBe(false);
    expect(isFileLinkValid(SECRET, NAME, String(EXPIRES), sig, EXPIRES + 1)).toBe(false);
  });

  it.each([
    ['another name', NAME.replace('A', 'B'), String(EXPIRES), sig],
    ['a later expiry', NAME, String(EXPIRES + 1), sig],
    ['a changed signature', NAME, String(EXPIRES), `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`],
    ['upper-case hex', NAME, String(EXPIRES), sig.toUpperCase()],
    ['a short signature', NAME, String(EXPIRES), sig.slice(0, 32)],
    ['no signature', NAME, String(EXPIRES), undefined],
    ['a repeated parameter', NAME, [String(EXPIRES), String(EXPIRES)], sig],
    ['a non-numeric expiry', NAME, `${EXPIRES}.0`, sig],
    ['a negative expiry', NAME, `-${EXPIRES}`, sig],
  ])('refuses %s', (_label, name, expires, signature) => {
    expect(isFileLinkValid(SECRET, name, expires, signature, NOW)).toBe(false);
  });

  it('refuses a signature made with another key', () => {
    const foreign = fileLinkSignature(Buffer.alloc(32, 8), NAME, EXPIRES);
    expect(isFileLinkValid(SECRET, NAME, String(EXPIRES), foreign, NOW)).toBe(false);
  });
});
