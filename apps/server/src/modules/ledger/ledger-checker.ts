import type { Db } from '../../db/database.ts';

export interface LedgerProblem {
  kind:
    | 'unbalanced_entry'
    | 'balance_mismatch'
    | 'negative_user_balance'
    | 'margin_mismatch'
    | 'swap_mismatch'
    | 'credit_mismatch'
    | 'copy_mismatch';
  detail: string;
}

/**
 * Verifies the ledger's invariants (DESIGN §6): every entry's postings sum to zero, every account's cached balance
 * equals the sum of its postings, no user account is negative (but the swap account, whose accrued financing is signed),
 * each user's margin account holds exactly the margin of their pending and holding orders, and each user's swap
 * account exactly the swaps accrued on their holding positions (issue 20: settled into the cash on close, so a swap
 * counted twice or lost shows here), and each user's credit account (issue 32: never below zero, like every user
 * account) exactly the sum of their credited adjustments to credit (staff bonuses are the only way credit moves).
 * Copy trading (issue 34): an ended follow's copy account holds no cash and no margin (everything went back or to fees),
 * and the fees recorded in `copy_fees` sum, per kind, to the fee entries of the ledger.
 * Returns the problems found; none means sound.
 */
export async function checkLedger(db: Db): Promise<LedgerProblem[]> {
  const problems: LedgerProblem[] = [];
  const unbalanced = await db
    .selectFrom('postings')
    .select(['entry_id', (eb) => eb.fn.sum<number | string>('amount').as('total')])
    .groupBy('entry_id')
    .having((eb) => eb.fn.sum('amount'), '!=', 0)
    .execute();
  for (const u of unbalanced) problems.push({ kind: 'unbalanced_entry', detail: `entry ${u.entry_id} sums to ${u.total}` });

  const accounts = await db
    .selectFrom('ledger_accounts as a')
    .leftJoin('postings as p', 'p.account_id', 'a.id')
    .select([
      'a.id',
      'a.owner',
      'a.kind',
      'a.balance',
      (eb) => eb.fn.coalesce(eb.fn.sum<number | string>('p.amount'), eb.lit(0)).as('total'),
    ])
    .groupBy(['a.id', 'a.owner', 'a.kind', 'a.balance'])
    .execute();
  for (const a of accounts) {
    const total = BigInt(a.total);
    if (total !== BigInt(a.balance))
      problems.push({ kind: 'balance_mismatch', detail: `${a.owner}/${a.kind}: cached ${a.balance}, postings ${total}` });
    if (a.owner !== 'house' && a.kind !== 'swap' && total < 0n)
      problems.push({ kind: 'negative_user_balance', detail: `${a.owner}/${a.kind}: ${total}` });
  }
  const held = await db
    .selectFrom('orders')
    .select(['user_id', (eb) => eb.fn.sum<number | string>('margin').as('margin')])
    .where('status', 'in', [0, 1])
    .groupBy('user_id')
    .execute();
  const heldBy = new Map(held.map((r) => [`user:${r.user_id}`, BigInt(r.margin)]));
  for (const a of accounts) {
    if (a.kind !== 'margin' || a.owner === 'house') continue;
    const expected = heldBy.get(a.owner) ?? 0n;
    if (BigInt(a.total) !== expected)
      problems.push({ kind: 'margin_mismatch', detail: `${a.owner}: margin account ${a.total}, open orders ${expected}` });
  }
  const accrued = await db
    .selectFrom('orders')
    .select(['user_id', (eb) => eb.fn.sum<number | string>('swap').as('swap')])
    .where('status', '=', 1)
    .groupBy('user_id')
    .execute();
  const accruedBy = new Map(accrued.map((r) => [`user:${r.user_id}`, BigInt(r.swap)]));
  const swapAccounts = new Set<string>();
  for (const a of accounts) {
    if (a.kind !== 'swap' || a.owner === 'house') continue;
    swapAccounts.add(a.owner);
    const expected = accruedBy.get(a.owner) ?? 0n;
    if (BigInt(a.total) !== expected)
      problems.push({ kind: 'swap_mismatch', detail: `${a.owner}: swap account ${a.total}, open positions ${expected}` });
  }
  for (const [owner, swap] of accruedBy)
    if (swap !== 0n && !swapAccounts.has(owner))
      problems.push({ kind: 'swap_mismatch', detail: `${owner}: no swap account, open positions ${swap}` });
  problems.push(...(await checkCredit(db, accounts)));
  problems.push(...(await checkCopy(db, accounts)));
  return problems;
}

/** Each user's credit account against their credited adjustments to credit (status 1, balance 'credit'). */
async function checkCredit(db: Db, accounts: ReadonlyArray<{ owner: string; kind: string; total: number | string }>) {
  const problems: LedgerProblem[] = [];
  const granted = await db
    .selectFrom('balance_adjustments')
    .select(['user_id', (eb) => eb.fn.sum<number | string>('amount').as('amount')])
    .where('status', '=', 1)
    .where('balance', '=', 'credit')
    .groupBy('user_id')
    .execute();
  const grantedBy = new Map(granted.map((r) => [`user:${r.user_id}`, BigInt(r.amount)]));
  const seen = new Set<string>();
  for (const a of accounts) {
    if (a.kind !== 'credit' || a.owner === 'house') continue;
    seen.add(a.owner);
    const expected = grantedBy.get(a.owner) ?? 0n;
    if (BigInt(a.total) !== expected)
      problems.push({
        kind: 'credit_mismatch',
        detail: `${a.owner}: credit account ${a.total}, credited adjustments ${expected}`,
      });
  }
  for (const [owner, amount] of grantedBy)
    if (amount !== 0n && !seen.has(owner))
      problems.push({ kind: 'credit_mismatch', detail: `${owner}: no credit account, credited adjustments ${amount}` });
  return problems;
}

/** Copy accounts of ended follows are empty; copy_fees rows and the fee entries agree per kind. */
async function checkCopy(db: Db, accounts: ReadonlyArray<{ owner: string; kind: string; total: number | string }>) {
  const problems: LedgerProblem[] = [];
  const ended = await db.selectFrom('copy_follows').select(['id', 'account_user_id']).where('status', '=', 2).execute();
  const endedAccounts = new Map(ended.map((f) => [`user:${f.account_user_id}`, Number(f.id)]));
  for (const a of accounts) {
    const follow = endedAccounts.get(a.owner);
    if (follow !== undefined && (a.kind === 'cash' || a.kind === 'margin') && BigInt(a.total) !== 0n)
      problems.push({ kind: 'copy_mismatch', detail: `follow ${follow} ended: ${a.owner}/${a.kind} still holds ${a.total}` });
  }
  const rows = await db
    .selectFrom('copy_fees')
    .select(['kind', (eb) => eb.fn.sum<number | string>('amount').as('amount')])
    .groupBy('kind')
    .execute();
  const entries = await db
    .selectFrom('journal_entries as e')
    .innerJoin('postings as p', 'p.entry_id', 'e.id')
    .select(['e.type', (eb) => eb.fn.sum<number | string>('p.amount').as('amount')])
    .where('e.type', 'in', ['performance_fee', 'management_fee'])
    .where('p.amount', '>', 0)
    .groupBy('e.type')
    .execute();
  for (const kind of ['performance', 'management']) {
    const recorded = BigInt(rows.find((r) => r.kind === kind)?.amount ?? 0);
    const posted = BigInt(entries.find((r) => r.type === `${kind}_fee`)?.amount ?? 0);
    if (recorded !== posted)
      problems.push({ kind: 'copy_mismatch', detail: `${kind} fees: copy_fees ${recorded}, ledger entries ${posted}` });
  }
  return problems;
}
