import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { API, type OrderView } from '@tradepad/contracts';
import type { Harness, TestDatabase } from './harness.ts';
import { demoTrader } from './people.ts';
import { ScriptedMarket } from './scripted-market.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const BIN = fs.existsSync('/usr/lib/postgresql')
  ? fs
      .readdirSync('/usr/lib/postgresql')
      .map((v) => `/usr/lib/postgresql/${v}/bin`)
      .filter((bin) => fs.existsSync(`${bin}/pg_basebackup`) && fs.existsSync(`${bin}/initdb`))
      .sort()
      .at(-1)
  : undefined;
const asRoot = process.getuid?.() === 0;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Runs a PostgreSQL program as the user owning the clusters (postgres when the test runs as root). */
function pg(program: string, args: string[]): string {
  const command = [`${BIN}/${program}`, ...args].map((a) => `'${a.replaceAll("'", `'\\''`)}'`).join(' ');
  return asRoot
    ? execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', command], { encoding: 'utf8' })
    : execFileSync('/bin/sh', ['-c', command], { encoding: 'utf8' });
}

/**
 * The README's PostgreSQL backups (docs/operations.md): a base backup with continuous WAL archiving, restored with
 * `restore_command` and `recovery.signal`, brings back an order written after the base backup (from the archived
 * WAL), and the ledger checker finds the restored database sound. Skipped without PostgreSQL's server programs.
 */
describe.skipIf(!BIN)('backups of PostgreSQL (base backup and WAL archive)', () => {
  const market = new ScriptedMarket();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradepad-pitr-'));
  const [archive, primary, restored] = ['archive', 'primary', 'restored'].map((d) => path.join(dir, d)) as [
    string,
    string,
    string,
  ];
  const servers: Harness[] = [];
  const running: string[] = [];
  afterAll(async () => {
    for (const h of servers) await h.close();
    for (const data of running) pg('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function start(data: string, port: number) {
    pg('pg_ctl', ['-D', data, '-o', `-p ${port} -k /tmp -c listen_addresses=127.0.0.1`, '-l', `${data}.log`, '-w', 'start']);
    running.push(data);
  }
  function stop(data: string) {
    pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    running.splice(running.indexOf(data), 1);
  }
  const database = (port: number): TestDatabase => ({
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    drop: async () => {},
  });

  it('restores a base backup plus the archived WAL, with the order written after the base backup', async () => {
    if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
    pg('initdb', ['-D', primary, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
    fs.mkdirSync(archive);
    if (asRoot) execFileSync('chown', ['postgres:postgres', archive]);
    // The documented settings: every finished WAL segment copied to the archive, never over an existing file.
    fs.appendFileSync(
      path.join(primary, 'postgresql.conf'),
      [
        'wal_level = replica',
        'archive_mode = on',
        `archive_command = 'test ! -f ${archive}/%f && cp %p ${archive}/%f'`,
        'archive_timeout = 60',
        '',
      ].join('\n'),
    );
    const port = await freePort();
    start(primary, port);

    const live = await market.start({ database: database(port), keepData: true });
    servers.push(live);
    const trader = await demoTrader(live);
    const btc = market.id('BTCUSD');
    market.tick('BTCUSD', '95000.00');
    const before = await trader.call(API.submit, { type: 1, cont: '0.1', forex_id: btc, status: 1, multiple: 10 });
    expect(before.code, before.msg).toBe(1);

    pg('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      '-U',
      'postgres',
      '-D',
      path.join(dir, 'base'),
      '-Ft',
      '-z',
      '-X',
      'none',
      '-c',
      'fast',
    ]);
    market.tick('BTCUSD', '95010.00');
    const after = await trader.call(API.submit, { type: 1, cont: '0.2', forex_id: btc, status: 1, multiple: 10 });
    expect(after.code, after.msg).toBe(1);
    await live.close();
    servers.splice(servers.indexOf(live), 1);
    // A clean stop archives the last segment (pg_switch_wal() does the same on a running server).
    stop(primary);

    // The documented restore: the base backup unpacked into an empty data directory, restore_command reading the
    // archive, recovery.signal, then start: PostgreSQL replays the archive to its end and opens the database.
    fs.mkdirSync(restored, { mode: 0o700 });
    execFileSync('tar', ['-xzf', path.join(dir, 'base', 'base.tar.gz'), '-C', restored]);
    fs.appendFileSync(path.join(restored, 'postgresql.conf'), `restore_command = 'cp ${archive}/%f %p'\narchive_mode = off\n`);
    fs.writeFileSync(path.join(restored, 'recovery.signal'), '');
    if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', restored]);
    fs.chmodSync(restored, 0o700);
    const port2 = await freePort();
    start(restored, port2);
    // pg_ctl returns once read-only connections are taken: the server starts once recovery has ended.
    for (
      let i = 0;
      pg('psql', [
        '-h',
        '127.0.0.1',
        '-p',
        String(port2),
        '-U',
        'postgres',
        '-qAtX',
        '-c',
        'select pg_is_in_recovery()',
      ]).trim() !== 'f';
      i++
    ) {
      if (i > 300) throw new Error('the restored cluster is still in recovery after 30 s');
      await new Promise((r) => setTimeout(r, 100));
    }

    const back = await market.start({ database: database(port2), keepData: true });
    servers.push(back);
    const open = await back.call('GET', API.deals, { status: 1, page: 1 }, { authorization: trader.token });
    expect(open.code, open.msg).toBe(1);
    expect((open.data.data as OrderView[]).map((o) => o.Id).sort()).toEqual([before.data.order.Id, after.data.order.Id].sort());
    await back.expectLedgerSound();
    const env = { ...process.env, DATABASE_URL: database(port2).url };
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/src/check-ledger.ts'], {
      cwd: ROOT,
      env,
      encoding: 'utf8',
    });
    expect(out).toMatch(/^ledger sound \(postgres/);
  }, 180_000);
});
