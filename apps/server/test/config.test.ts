import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

describe('configuration', () => {
  it('applies the defaults of DESIGN §2', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 8080, HOST: '0.0.0.0', DATA_DIR: './data', FEED: 'sim', NODE_ROLE: 'all' });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.sqlitePath).toMatch(/data\/tradepad\.sqlite$/);
    expect([...c.restrictedRegions].sort()).toEqual(['CN', 'CU', 'IL', 'KP', 'VU']);
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db',
      REDIS_URL: 'redis://127.0.0.1:6379',
      SMTP_URL: 'smtp://u:p@127.0.0.1:2525',
      SMS_URL: 'http://127.0.0.1:9999/sms',
      ADMIN_EMAIL: 'boss@example.com',
      ADMIN_PASSWORD: 'long-enough',
      FEED: 'replay:/data/m1',
      NODE_ROLE: 'engine',
    });
    expect(c).toMatchObject({ PORT: 9000, FEED: 'replay:/data/m1', NODE_ROLE: 'engine', REDIS_URL: 'redis://127.0.0.1:6379' });
  });

  it('accepts a local push endpoint only when PUSH_ALLOW_LOOPBACK says so (DESIGN §2), whatever NODE_ENV', () => {
    expect(loadConfig({}).PUSH_ALLOW_LOOPBACK).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).PUSH_ALLOW_LOOPBACK).toBe(false);
    expect(loadConfig({ PUSH_ALLOW_LOOPBACK: '1' }).PUSH_ALLOW_LOOPBACK).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).PUSH_ALLOW_LOOPBACK).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', PUSH_ALLOW_LOOPBACK: 'true' }).PUSH_ALLOW_LOOPBACK).toBe(true);
    expect(loadConfig({ PUSH_ALLOW_LOOPBACK: '0' }).PUSH_ALLOW_LOOPBACK).toBe(false);
    expect(() => loadConfig({ PUSH_ALLOW_LOOPBACK: 'yes' })).toThrow(/PUSH_ALLOW_LOOPBACK/);
  });

  it('sizes the PostgreSQL pool from DATABASE_POOL_MAX: 10 connections per node unless told, at least 2', () => {
    expect(loadConfig({}).DATABASE_POOL_MAX).toBe(10);
    expect(loadConfig({ DATABASE_POOL_MAX: '25' }).DATABASE_POOL_MAX).toBe(25);
    for (const bad of ['1', '0', 'many', '2.5']) {
      expect(() => loadConfig({ DATABASE_POOL_MAX: bad })).toThrow(/DATABASE_POOL_MAX/);
    }
  });

  it('trusts no forwarded header unless TRUST_PROXY names the proxies or their count', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      'loopback',
    ]);
    const hops = loadConfig({ TRUST_PROXY: '2' }).trustProxy as (address: string, hop: number) => boolean;
    expect([hops('203.0.113.9', 0), hops('203.0.113.9', 1), hops('203.0.113.9', 2)]).toEqual([true, true, false]);
  });

  it.each([
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['SMTP_URL', 'http://mail'],
    ['FEED', 'random'],
    ['NODE_ROLE', 'worker'],
    ['ADMIN_PASSWORD', 'short'],
    ['ADMIN_EMAIL', 'not-an-email'],
    ['DEMO_START_BALANCE', '1e5'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '10.0.0.1,evil'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '0'],
  ])('refuses a bad %s, naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });
});
