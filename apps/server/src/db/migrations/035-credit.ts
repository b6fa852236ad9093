import type { Kysely } from 'kysely';

/**
 * Credit (issue 32 point 2, DESIGN §16 "Credit"): a bonus adjustment goes to the user's credit balance (the ledger's
 * `credit` account of the user, against the house's `credit` account), no longer to the cash.
 *
 * `balance_adjustments.balance` says which balance an adjustment moves ('cash' or 'credit'). Rows made before this
 * migration keep 'cash': a bonus already credited was cash and may have been spent or withdrawn, and one still waiting
 * for a second staff member is credited as its author asked for it. The ledger checker ties each user's credit
 * account to the sum of their credited 'credit' adjustments.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('balance_adjustments')
    .addColumn('balance', 'varchar(10)', (c) => c.notNull().defaultTo('cash'))
    .execute();
}
