import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { NotPublicAddressError, publicAddress, publicLookup } from './public-address.ts';

describe('publicAddress', () => {
  it.each([
    ['142.250.74.110', true],
    ['8.8.8.8', true],
    ['2a00:1450:4001:82b::200a', true],
    ['127.0.0.1', false],
    ['127.8.9.10', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['172.32.0.1', true],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['198.18.0.1', false],
    ['::1', false],
    ['::', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:127.0.0.1', false],
    ['fd00::1', false],
    ['fe80::1', false],
    ['ff02::1', false],
    ['2001:db8::1', false],
    ['not an address', false],
    ['', false],
  ])('%s → %s', (address, ok) => {
    expect(publicAddress(address)).toBe(ok);
  });

  it('lets this machine through only when loopback is allowed, never the rest of the private ranges', () => {
    expect(publicAddress('127.0.0.1', true)).toBe(true);
    expect(publicAddress('::1', true)).toBe(true);
    expect(publicAddress('10.0.0.7', true)).toBe(false);
    expect(publicAddress('169.254.169.254', true)).toBe(false);
  });
});

describe('publicLookup', () => {
  const resolve = (loopback: boolean, all: boolean) =>
    new Promise<{ err: NodeJS.ErrnoException | null; address: string | LookupAddress[] }>((done) =>
      publicLookup(loopback)('localhost', { all }, (err, address) => done({ err, address })),
    );

  it('refuses a name that resolves to this machine', async () => {
    const { err } = await resolve(false, false);
    expect(err).toBeInstanceOf(NotPublicAddressError);
    expect(err?.code).toBe('ENOTPUBLIC');
    expect(err?.message).toMatch(/^localhost resolves to (127\.0\.0\.1|::1), which is not a public address$/);
  });

  it('answers one address, or all of them, when loopback is allowed', async () => {
    const one = await resolve(true, false);
    expect(one.err).toBeNull();
    expect(['127.0.0.1', '::1']).toContain(one.address);
    const all = await resolve(true, true);
    expect(all.err).toBeNull();
    expect(Array.isArray(all.address) && all.address.length).toBeGreaterThan(0);
  });

  it('passes a failed resolution on as it is', async () => {
    const err = await new Promise<NodeJS.ErrnoException | null>((done) =>
      publicLookup(false)('no-such-host.invalid', {}, (e) => done(e)),
    );
    expect(err?.code).toMatch(/ENOTFOUND|EAI_AGAIN/);
  });
});
