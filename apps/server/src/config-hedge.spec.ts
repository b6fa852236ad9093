import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradepad-hedge-config-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let n = 0;
function file(body: unknown): string {
  const f = path.join(dir, `hedge${++n}.json`);
  fs.writeFileSync(f, typeof body === 'string' ? body : JSON.stringify(body));
  return f;
}

const session = {
  name: 'prime-1',
  host: '127.0.0.1',
  port: 9880,
  senderCompId: 'TRADEPAD',
  targetCompId: 'PB',
  password: 'in-file',
};

describe('HEDGE=fix:<file>', () => {
  it('reads the session, the symbols and the account, with the session defaults', () => {
    const c = loadConfig({}, { HEDGE: `fix:${file({ session, symbols: { EURUSD: 'EUR/USD' }, account: 'H1' })}` });
    expect(c.fixHedge).toEqual({
      session: { ...session, heartbeatSeconds: 30, resetSeqNumOnLogon: true, tls: false },
      symbols: { EURUSD: 'EUR/USD' },
      account: 'H1',
    });
    expect(loadConfig({}, {}).fixHedge).toBeUndefined();
  });

  it('takes the password from FIX_PASSWORD_<NAME> over the file', () => {
    const c = loadConfig({ FIX_PASSWORD_PRIME_1: 'secret' }, { HEDGE: `fix:${file({ session, symbols: {} })}` });
    expect(c.fixHedge?.session.password).toBe('secret');
  });

  it.each([
    [{ session: { ...session, port: 'x' }, symbols: {} }, /session\.port/],
    [{ session: { ...session, heartbeat: 3 }, symbols: {} }, /session/],
    [{ session, symbols: { EURUSD: '' } }, /symbols\.EURUSD/],
    [{ session, symbols: {}, account: '' }, /account/],
    [{ symbols: {} }, /session/],
    ['{not json', /HEDGE file/],
  ])('stops the server naming the bad field (%#)', (body, field) => {
    expect(() => loadConfig({}, { HEDGE: `fix:${file(body)}` })).toThrow(ConfigError);
    expect(() => loadConfig({}, { HEDGE: `fix:${file(body)}` })).toThrow(field);
  });

  it('refuses anything but fix:<file>', () => {
    expect(() => loadConfig({}, { HEDGE: 'lp.json' })).toThrow(/HEDGE: must be "fix:<file>"/);
    expect(() => loadConfig({}, { HEDGE: `fix:${path.join(dir, 'missing.json')}` })).toThrow(/HEDGE: HEDGE file/);
  });
});
