import type { Db } from '../../db/database.ts';

/**
 * The dashboard's counts (read only): real sign-ups since a time and the sizes of the review queues. Counting rows is
 * all it does with the tables of the accounts, wallet and real-name modules; every change to them stays theirs.
 */
export class DashboardRepository {
  constructor(private readonly db: Db) {}

  async signupsSince(from: number): Promise<number> {
    const r = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('is_demo', '=', 0)
      // A follow's copy account (issue 34) is no sign-up.
      .where('copy_owner_id', 'is', null)
      .where('created_at', '>=', from)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** Deposits and withdrawals not reviewed yet (status 0), real-name applications waiting (status 1). */
  async queues(): Promise<{ deposits: number; withdrawals: number; kyc: number }> {
    const count = async (table: 'deposits' | 'withdrawals' | 'kyc_applications', status: number) => {
      const r = await this.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('status', '=', status)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    };
    const [deposits, withdrawals, kyc] = await Promise.all([
      count('deposits', 0),
      count('withdrawals', 0),
      count('kyc_applications', 1),
    ]);
    return { deposits, withdrawals, kyc };
  }
}
