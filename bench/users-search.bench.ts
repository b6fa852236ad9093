/**
 * Back-office user search (issue 18 §3, §10): `GET /admin/api/users?q=` over USERS_COUNT (default 100,000) users
 * seeded straight into a migrated SQLite database (every tenth with a real-name record, every other with a cash
 * account), measured through the users service as the route calls it (the page of 20, its total, balances and
 * real-name statuses). Queries: the list without q, an exact e-mail, an e-mail part, a phone part, a uid, an invite
 * code (other case), a real name part, a broad part matching thousands, and a miss. Target p99 ≤ 50 ms. Prints figures; asserts nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { UsersRepository } from '../apps/server/src/modules/users/users.repository.ts';
import { UsersAdminService, type UsersAdminDeps } from '../apps/server/src/modules/users/users.service.ts';

const USERS = Number(process.env.USERS_COUNT ?? 100_000);
const RUNS = Number(process.env.SEARCH_RUNS ?? 200);

const pct = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))]!;
const NAMES = ['Alice Chan', 'Bob Lee', 'Chloé Martin', 'Daniel Wong', 'Eva Müller', 'Farid Haddad', '陳大文', 'Grace Ho'];

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradepad-bench-users-'));
  const handle = openDatabase({ sqlitePath: path.join(dir, 'tradepad.db') });
  await migrateToLatest(handle);
  if (handle.raw.kind !== 'sqlite') throw new Error('SQLite only');
  const sqlite = handle.raw.sqlite;

  const t0 = performance.now();
  const insertUser = sqlite.prepare(
    `insert into users (uid, email, area_id, mobile, phone, password_hash, is_demo, invite_code, invited_by, lang, status, created_at, updated_at)
     values (?, ?, ?, ?, ?, 'x', 0, ?, null, 'en', 1, ?, ?)`,
  );
  const insertKyc = sqlite.prepare(
    `insert into kyc_applications (user_id, name, card_id, front_name, reverse_name, status, remark, created_at)
     values (?, ?, ?, 'f', 'r', 2, '', ?)`,
  );
  const insertAccount = sqlite.prepare(
    `insert into ledger_accounts (owner, user_id, kind, currency, balance) values (?, ?, 'cash', 'USD', ?)`,
  );
  const seed = sqlite.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const at = 1_750_000_000_000 + i * 60_000;
      const byPhone = i % 3 === 0;
      const uid = String(10_000_000 + i * 7);
      const email = byPhone ? null : `trader${i}.${(i * 2654435761) % 1e6}@example${i % 50}.com`;
      const phone = byPhone ? `+852${String(50_000_000 + i)}` : null;
      const invite = (i * 48271).toString(36).toUpperCase().padStart(8, 'Q').slice(-8);
      const { lastInsertRowid } = insertUser.run(
        uid,
        email,
        byPhone ? 97 : null,
        byPhone ? phone!.slice(4) : null,
        phone,
        invite,
        at,
        at,
      );
      const id = Number(lastInsertRowid);
      if (i % 10 === 0) insertKyc.run(id, `${NAMES[i % NAMES.length]} ${i}`, `ID${i}`, at);
      if (i % 2 === 0) insertAccount.run(`user:${id}`, id, (i % 1000) * 1_000_000);
    }
  });
  for (let i = 0; i < USERS; i += 10_000) seed(i, Math.min(USERS, i + 10_000));
  sqlite.exec('analyze');
  const seeded = performance.now() - t0;

  const users = new UsersAdminService({ repo: new UsersRepository(handle.db, handle.kind) } as unknown as UsersAdminDeps);
  const some = USERS - 1234;
  const queries: Array<[string, string]> = [
    ['list (no q), page 1', ''],
    ['exact e-mail', `trader${some - 1}.${((some - 1) * 2654435761) % 1e6}@example${(some - 1) % 50}.com`],
    ['e-mail part', `ader${some - 1}.`],
    ['phone part', String(50_000_000 + some).slice(2)],
    ['uid', String(10_000_000 + some * 7)],
    ['invite code, lower case', (some * 48271).toString(36).toUpperCase().padStart(8, 'Q').slice(-8).toLowerCase()],
    ['real-name part, other case', 'ALICE CHAN 9996'],
    ['broad (a tenth of all users)', '@EXAMPLE1'],
    ['no match', 'nobody-at-all'],
  ];

  const rows: string[] = [];
  const all: number[] = [];
  // CPU time of this process per search: what a query costs when the cores are shared (wall time then includes waits).
  const allCpu: number[] = [];
  for (const [label, q] of queries) {
    for (let i = 0; i < 5; i++) await users.search({ q }, { page: 1, limit: 20 }); // warm up
    const times: number[] = [];
    const cpu: number[] = [];
    let total = 0;
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now();
      const c = process.cpuUsage();
      const r = await users.search({ q }, { page: 1, limit: 20 });
      const used = process.cpuUsage(c);
      times.push(performance.now() - s);
      cpu.push((used.user + used.system) / 1000);
      total = r.total;
    }
    all.push(...times);
    allCpu.push(...cpu);
    const ms = (xs: number[], q: number) => pct(xs, q).toFixed(2);
    rows.push(
      `| ${label} | ${total} | ${ms(times, 0.5)} | ${ms(times, 0.99)} | ${Math.max(...times).toFixed(2)} | ${ms(cpu, 0.5)} | ${ms(cpu, 0.99)} |`,
    );
  }

  console.log(
    `User search over ${USERS.toLocaleString('en')} users (SQLite; seeded in ${(seeded / 1000).toFixed(1)} s), ${RUNS} runs each`,
  );
  console.log('| query | total | p50 ms | p99 ms | max ms | CPU p50 ms | CPU p99 ms |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
  console.log(
    `all queries: p50 ${pct(all, 0.5).toFixed(2)} ms, p99 ${pct(all, 0.99).toFixed(2)} ms (target p99 ≤ 50 ms); ` +
      `CPU p50 ${pct(allCpu, 0.5).toFixed(2)} ms, p99 ${pct(allCpu, 0.99).toFixed(2)} ms; load average ${os.loadavg()[0]!.toFixed(1)}`,
  );

  await handle.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

await main();
