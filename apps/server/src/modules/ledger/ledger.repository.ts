import { micros, microsToStorage, type Micros } from '@tradepad/domain';
import { afterCommit } from '../../db/after-commit.ts';
import type { Db, Tx } from '../../db/database.ts';
import { RawQuery } from '../../db/raw-query.ts';

/** Account kinds (DESIGN §6). */
export type UserAccountKind =
  | 'cash'
  | 'margin'
  | 'locked'
  /** Overnight financing accrued on open positions (issue 20): signed, settled into the cash when they close. */
  | 'swap'
  /** Credit (issue 32): bonuses, counted in equity for margin, never withdrawable. Moved only by staff adjustments. */
  | 'credit';
export type HouseAccountKind =
  | 'fees'
  | 'trading'
  | 'deposits'
  | 'withdrawals'
  | 'writeoffs'
  | 'demo_funding'
  /** Staff balance adjustments (correction, bonus, compensation) of real accounts. */
  | 'adjustments'
  /** Overnight financing of real accounts: what traders paid (positive) less what they earned. */
  | 'swaps'
  /** Credit granted to real accounts as bonuses (issue 32): what the house has lent for margin, not paid out. */
  | 'credit';

export type AccountRef = { user: number; kind: UserAccountKind } | { house: HouseAccountKind };

export interface Posting {
  account: AccountRef;
  amount: Micros;
}

export interface JournalEntry {
  /** Entry type code, e.g. `demo_funding`. */
  type: string;
  ref: { type: string; id: string | number };
  /** The user whose history shows this entry. */
  userId: number | null;
  /** Message key of the entry's memo, translated when listed (`ledger.*`). */
  memoKey: string;
  postings: Posting[];
  at: number;
}

export const CURRENCY = 'USD';

/** A committed change of one user account's balance, by one journal entry. */
export interface UserMovement {
  userId: number;
  kind: UserAccountKind;
  /** Micro-units; negative when the balance went down. */
  delta: Micros;
  /** The entry's type code (`deposit`, `order_open`, …). */
  entryType: string;
}

export type MovementListener = (movement: UserMovement) => void;

/**
 * SQLite writes (and reads) this many entries or users in a few multi-row statements rather than a few statements
 * each; SQLITE_ROWS rows per statement keeps the parameters (6 per entry) far below SQLite's limit. Only a copy
 * fan-out reaches it: below it the cached one-row statements are cheaper (a group commit of a few dozen client orders
 * took about 20 µs more per order through the multi-row path, measured with `npm run bench -- orders`).
 */
const SQLITE_MANY_FROM = 200;
const SQLITE_ROWS = 150;

const ownerOf = (ref: AccountRef) => ('user' in ref ? `user:${ref.user}` : 'house');
const kindOf = (ref: AccountRef) => ('user' in ref ? ref.kind : ref.house);

/** The only code that writes the ledger: one journal entry whose postings sum to zero, cached balances updated. */
export class LedgerRepository {
  /** Account ids seen outside any transaction (so certainly committed); accounts are never deleted. */
  private readonly ids = new Map<string, number>();

  private readonly insertEntry: RawQuery<{ id: number }>;
  /** A user account's balance, plain and (PostgreSQL) row-locked: an order reads it inside its transaction. */
  private readonly selectBalance: RawQuery<{ balance: number }>;
  private readonly selectBalanceForUpdate: RawQuery<{ balance: number }>;
  /** Postings and balance updates by number of postings (2 to 4 in practice). */
  private readonly insertPostings = new Map<number, RawQuery>();
  private readonly addToBalances = new Map<number, RawQuery>();
  private readonly insertEntries = new Map<number, RawQuery<{ id: number }>>();
  private readonly selectBalances = new Map<number, RawQuery<{ owner: string; balance: number }>>();

  /** PostgreSQL only: several users' balances locked, and several entries written, in one statement each. */
  private readonly many?: {
    lockBalances: RawQuery<{ owner: string; balance: number }>;
    post: RawQuery<{ id: number }>;
  };

  private readonly listeners: MovementListener[] = [];

  /** `postgres` makes `lockBalance` take a row lock; SQLite has one writer at a time anyway. */
  constructor(private readonly dbKind: 'sqlite' | 'postgres' = 'sqlite') {
    this.insertEntry = new RawQuery(
      dbKind,
      'insert into journal_entries (type, ref_type, ref_id, user_id, memo_key, created_at) values (?, ?, ?, ?, ?, ?) returning id',
    );
    const balance = 'select balance from ledger_accounts where owner = ? and kind = ? and currency = ?';
    this.selectBalance = new RawQuery(dbKind, balance);
    // SQLite has no FOR UPDATE (and needs none: one writer at a time); lockBalance asks for it on PostgreSQL only.
    this.selectBalanceForUpdate = new RawQuery(dbKind, dbKind === 'postgres' ? `${balance} for update` : balance);
    if (dbKind === 'postgres') {
      // Fixed texts whatever the number of rows (arrays, not one placeholder per value). Rows are locked and balances
      // updated in the order of the accounts' ids, as every batch does, so two batches never wait on each other in a
      // cycle.
      this.many = {
        lockBalances: new RawQuery(
          dbKind,
          'select owner, balance from ledger_accounts where owner = any(cast(? as varchar[])) and kind = ? and currency = ? ' +
            'order by id for update',
        ),
        // The entries, their postings and the balances in one statement. Entry ids are drawn in the entries' order
        // (`order by t.ord`), so numbering the ids drawn in ascending order gives each entry's position back, which
        // ties the postings (given by entry position) to their entry and answers the ids in the entries' order.
        post: new RawQuery(
          dbKind,
          `with e as (
             insert into journal_entries (type, ref_type, ref_id, user_id, memo_key, created_at)
             select t.type, t.ref_type, t.ref_id, t.user_id, t.memo_key, t.created_at
             from unnest(cast(? as varchar[]), cast(? as varchar[]), cast(? as varchar[]), cast(? as bigint[]),
                         cast(? as varchar[]), cast(? as bigint[]))
                  with ordinality as t(type, ref_type, ref_id, user_id, memo_key, created_at, ord)
             order by t.ord
             returning id
           ), n as (
             select id, row_number() over (order by id) as ord from e
           ), p as (
             insert into postings (entry_id, account_id, amount)
             select n.id, x.account_id, x.amount
             from unnest(cast(? as bigint[]), cast(? as bigint[]), cast(? as bigint[])) as x(ord, account_id, amount)
             join n on n.ord = x.ord
           ), u as (
             update ledger_accounts a set balance = a.balance + d.delta
             from unnest(cast(? as bigint[]), cast(? as bigint[])) as d(id, delta) where a.id = d.id
           )
           select id from n order by ord`,
        ),
      };
    }
  }

  /**
   * Hears every movement of a user account once the transaction that wrote it has committed (never on a rollback),
   * whoever wrote it: the engine's in-memory cash follows deposits, withdrawals and adjustments through this alone.
   */
  onUserMovement(listener: MovementListener): () => void {
    this.listeners.push(listener);
    return () => {
      const i = this.listeners.indexOf(listener);
      if (i >= 0) this.listeners.splice(i, 1);
    };
  }

  /**
   * Writes one entry (built by ledger-entries.ts) inside the caller's transaction, which must track its effects
   * (`transaction()` or the TradeWriter): the entry's user-account movements are reported after the commit. Throws
   * when the postings do not sum to zero. An entry that moves nothing is not written (undefined).
   */
  async post(trx: Tx, entry: JournalEntry): Promise<number | undefined> {
    const total = entry.postings.reduce((s, p) => s + p.amount, 0n);
    if (total !== 0n) throw new Error(`journal entry ${entry.type} does not balance: ${total}`);
    if (entry.postings.length === 0) return undefined;
    afterCommit(trx, () => this.report(entry));
    const { rows: inserted } = await this.insertEntry.run(trx, [
      entry.type,
      entry.ref.type,
      String(entry.ref.id),
      entry.userId,
      entry.memoKey,
      entry.at,
    ]);
    const id = Number(inserted[0]!.id);
    const values: unknown[] = [];
    const byAccount = new Map<number, bigint>();
    for (const p of entry.postings) {
      const accountId = await this.accountId(trx, p.account);
      values.push(id, accountId, microsToStorage(p.amount));
      byAccount.set(accountId, (byAccount.get(accountId) ?? 0n) + p.amount);
    }
    await this.postingsInsert(entry.postings.length).run(trx, values);
    const deltas = [...byAccount].flatMap(([accountId, amount]) => [accountId, microsToStorage(micros(amount))]);
    await this.balancesUpdate(byAccount.size).run(trx, [...deltas, ...byAccount.keys()]);
    return id;
  }

  /**
   * Writes several entries (each as `post` would) inside the caller's transaction, in order; answers their ids (undefined
   * for an entry that moves nothing). On PostgreSQL all of them take one statement instead of three each: every
   * statement is a round trip there. Throws before writing anything when an entry does not balance.
   */
  async postAll(trx: Tx, entries: readonly JournalEntry[]): Promise<Array<number | undefined>> {
    for (const entry of entries) {
      const total = entry.postings.reduce((s, p) => s + p.amount, 0n);
      if (total !== 0n) throw new Error(`journal entry ${entry.type} does not balance: ${total}`);
    }
    const many = this.many;
    if (!many && entries.length >= SQLITE_MANY_FROM) return this.postAllSqlite(trx, entries);
    if (!many || entries.length < 2) {
      const ids: Array<number | undefined> = [];
      for (const entry of entries) ids.push(await this.post(trx, entry));
      return ids;
    }
    const written = entries.filter((e) => e.postings.length > 0);
    const ids = new Map<JournalEntry, number>();
    if (written.length > 0) {
      const positions: number[] = [];
      const accountIds: number[] = [];
      const amounts: number[] = [];
      const byAccount = new Map<number, bigint>();
      for (const [i, entry] of written.entries()) {
        for (const p of entry.postings) {
          const accountId = await this.accountId(trx, p.account);
          positions.push(i + 1);
          accountIds.push(accountId);
          amounts.push(microsToStorage(p.amount));
          byAccount.set(accountId, (byAccount.get(accountId) ?? 0n) + p.amount);
        }
      }
      const accounts = [...byAccount.keys()].sort((a, b) => a - b);
      for (const entry of written) afterCommit(trx, () => this.report(entry));
      const { rows } = await many.post.run(trx, [
        written.map((e) => e.type),
        written.map((e) => e.ref.type),
        written.map((e) => String(e.ref.id)),
        written.map((e) => e.userId),
        written.map((e) => e.memoKey),
        written.map((e) => e.at),
        positions,
        accountIds,
        amounts,
        accounts,
        accounts.map((a) => microsToStorage(micros(byAccount.get(a)!))),
      ]);
      if (rows.length !== written.length) throw new Error('journal entries were not all written');
      written.forEach((e, i) => ids.set(e, Number(rows[i]!.id)));
    }
    return entries.map((e) => ids.get(e));
  }

  /**
   * Many entries on SQLite (a provider's fill copied to a thousand followers, issue 34): the entries, their postings and
   * the balances in a few multi-row statements instead of three per entry. Entry ids are drawn in the rows' order
   * within a statement (SQLite's rowids ascend), so the ids answered, sorted, are the entries' in order.
   */
  private async postAllSqlite(trx: Tx, entries: readonly JournalEntry[]): Promise<Array<number | undefined>> {
    const written = entries.filter((e) => e.postings.length > 0);
    const ids = new Map<JournalEntry, number>();
    for (let i = 0; i < written.length; i += SQLITE_ROWS) {
      const chunk = written.slice(i, i + SQLITE_ROWS);
      const { rows } = await this.entriesInsert(chunk.length).run(
        trx,
        chunk.flatMap((e) => [e.type, e.ref.type, String(e.ref.id), e.userId, e.memoKey, e.at]),
      );
      if (rows.length !== chunk.length) throw new Error('journal entries were not all written');
      const drawn = rows.map((r) => Number(r.id)).sort((a, b) => a - b);
      chunk.forEach((e, j) => ids.set(e, drawn[j]!));
    }
    const byAccount = new Map<number, bigint>();
    let values: unknown[] = [];
    for (const entry of written) {
      afterCommit(trx, () => this.report(entry));
      for (const p of entry.postings) {
        const accountId = await this.accountId(trx, p.account);
        values.push(ids.get(entry), accountId, microsToStorage(p.amount));
        byAccount.set(accountId, (byAccount.get(accountId) ?? 0n) + p.amount);
        if (values.length === SQLITE_ROWS * 3) {
          await this.postingsInsert(SQLITE_ROWS).run(trx, values);
          values = [];
        }
      }
    }
    if (values.length > 0) await this.postingsInsert(values.length / 3).run(trx, values);
    const accounts = [...byAccount.keys()].sort((a, b) => a - b);
    for (let i = 0; i < accounts.length; i += SQLITE_ROWS) {
      const chunk = accounts.slice(i, i + SQLITE_ROWS);
      const deltas = chunk.flatMap((a) => [a, microsToStorage(micros(byAccount.get(a)!))]);
      await this.balancesUpdate(chunk.length).run(trx, [...deltas, ...chunk]);
    }
    return entries.map((e) => ids.get(e));
  }

  /** Several entries in one statement (SQLite's many path), by row count. */
  private entriesInsert(n: number): RawQuery<{ id: number }> {
    let q = this.insertEntries.get(n);
    if (!q) {
      const rows = Array.from({ length: n }, () => '(?, ?, ?, ?, ?, ?)').join(', ');
      q = new RawQuery<{ id: number }>(
        this.dbKind,
        `insert into journal_entries (type, ref_type, ref_id, user_id, memo_key, created_at) values ${rows} returning id`,
      );
      this.insertEntries.set(n, q);
    }
    return q;
  }

  private report(entry: JournalEntry): void {
    if (this.listeners.length === 0) return;
    const moved = new Map<string, UserMovement>();
    for (const p of entry.postings) {
      if (!('user' in p.account)) continue;
      const key = `${p.account.user}|${p.account.kind}`;
      const m = moved.get(key);
      if (m) m.delta = micros(m.delta + p.amount);
      else moved.set(key, { userId: p.account.user, kind: p.account.kind, delta: p.amount, entryType: entry.type });
    }
    for (const m of moved.values()) if (m.delta !== 0n) for (const listener of this.listeners) listener(m);
  }

  private postingsInsert(n: number): RawQuery {
    let q = this.insertPostings.get(n);
    if (!q) {
      const rows = Array.from({ length: n }, () => '(?, ?, ?)').join(', ');
      q = new RawQuery(this.dbKind, `insert into postings (entry_id, account_id, amount) values ${rows}`);
      this.insertPostings.set(n, q);
    }
    return q;
  }

  /** One statement adding each posting to its account's cached balance. */
  private balancesUpdate(n: number): RawQuery {
    let q = this.addToBalances.get(n);
    if (!q) {
      // Typed casts: PostgreSQL would otherwise infer int4 for the parameters from the literal 0.
      const cases = Array.from({ length: n }, () => 'when cast(? as bigint) then cast(? as bigint)').join(' ');
      const ids = Array.from({ length: n }, () => '?').join(', ');
      q = new RawQuery(
        this.dbKind,
        `update ledger_accounts set balance = balance + case id ${cases} else 0 end where id in (${ids})`,
      );
      this.addToBalances.set(n, q);
    }
    return q;
  }

  /** The account's id, creating the account on first use. */
  async accountId(trx: Tx | Db, ref: AccountRef): Promise<number> {
    const owner = ownerOf(ref);
    const kind = kindOf(ref);
    const cacheKey = `${owner}|${kind}`;
    const cached = this.ids.get(cacheKey);
    if (cached !== undefined) return cached;
    const find = () =>
      trx
        .selectFrom('ledger_accounts')
        .select('id')
        .where('owner', '=', owner)
        .where('kind', '=', kind)
        .where('currency', '=', CURRENCY)
        .executeTakeFirst();
    const found = await find();
    if (found) {
      if (!trx.isTransaction) this.ids.set(cacheKey, found.id);
      return found.id;
    }
    await trx
      .insertInto('ledger_accounts')
      .values({ owner, user_id: 'user' in ref ? ref.user : null, kind, currency: CURRENCY, balance: 0 })
      .onConflict((oc) => oc.columns(['owner', 'kind', 'currency']).doNothing())
      .execute();
    const created = await find();
    if (!created) throw new Error(`ledger account ${owner}/${kind} could not be created`);
    // Outside a transaction the insert has committed, so the id can be kept too.
    if (!trx.isTransaction) this.ids.set(cacheKey, created.id);
    return created.id;
  }

  /** Creates a user's accounts ahead of their first movement, so later postings find them without a write. */
  async ensureUserAccounts(db: Db, userId: number): Promise<void> {
    for (const kind of ['cash', 'margin', 'locked'] as const) await this.accountId(db, { user: userId, kind });
  }

  /**
   * A user account's balance inside a transaction that is about to spend from it: on PostgreSQL the row is locked
   * until the transaction ends, so two spenders (an order and a withdrawal) can never both pass a balance check.
   */
  lockBalance(trx: Tx, userId: number, kind: UserAccountKind): Promise<Micros> {
    return this.balance(trx, userId, kind, this.dbKind === 'postgres');
  }

  /**
   * Several users' balances of one kind inside a transaction about to spend from them, each row locked on PostgreSQL
   * (as `lockBalance`) in one statement. A user without the account reads zero.
   */
  async lockBalances(trx: Tx, userIds: readonly number[], kind: UserAccountKind): Promise<Map<number, Micros>> {
    const users = [...new Set(userIds)];
    const found = new Map<number, Micros>();
    if (!this.many && users.length >= SQLITE_MANY_FROM) {
      // SQLite (one writer, nothing to lock): many users' balances read in a few statements.
      for (let i = 0; i < users.length; i += SQLITE_ROWS) {
        const chunk = users.slice(i, i + SQLITE_ROWS);
        const { rows } = await this.balancesSelect(chunk.length).run(trx, [kind, CURRENCY, ...chunk.map((u) => `user:${u}`)]);
        const byOwner = new Map(rows.map((r) => [r.owner, r.balance]));
        for (const u of chunk) found.set(u, micros(byOwner.get(`user:${u}`) ?? 0));
      }
      return found;
    }
    if (!this.many || users.length < 2) {
      for (const u of users) found.set(u, await this.lockBalance(trx, u, kind));
      return found;
    }
    const { rows } = await this.many.lockBalances.run(trx, [users.map((u) => `user:${u}`), kind, CURRENCY]);
    const byOwner = new Map(rows.map((r) => [r.owner, r.balance]));
    for (const u of users) found.set(u, micros(byOwner.get(`user:${u}`) ?? 0));
    return found;
  }

  private balancesSelect(n: number): RawQuery<{ owner: string; balance: number }> {
    let q = this.selectBalances.get(n);
    if (!q) {
      const owners = Array.from({ length: n }, () => '?').join(', ');
      q = new RawQuery(
        this.dbKind,
        `select owner, balance from ledger_accounts where kind = ? and currency = ? and owner in (${owners})`,
      );
      this.selectBalances.set(n, q);
    }
    return q;
  }

  /** A user account's balance (the cached sum of its postings). */
  async balance(db: Db | Tx, userId: number, kind: UserAccountKind, forUpdate = false): Promise<Micros> {
    // Hand-written (see RawQuery): every order reads it inside its transaction.
    const query = forUpdate ? this.selectBalanceForUpdate : this.selectBalance;
    const { rows } = await query.run(db, [`user:${userId}`, kind, CURRENCY]);
    return micros(rows[0]?.balance ?? 0);
  }

  /** The sum of the postings on each house account since `from` (unix ms), by kind: the day's movements of the house. */
  async houseTotalsSince(db: Db, from: number): Promise<Map<HouseAccountKind, Micros>> {
    const rows = await db
      .selectFrom('postings as p')
      .innerJoin('journal_entries as e', 'e.id', 'p.entry_id')
      .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
      .select('a.kind')
      .select((eb) => eb.fn.sum<number | string>('p.amount').as('total'))
      .where('a.owner', '=', 'house')
      .where('e.created_at', '>=', from)
      .groupBy('a.kind')
      .execute();
    return new Map(rows.map((r) => [r.kind as HouseAccountKind, micros(BigInt(r.total))]));
  }
}
