import type { CashBalance, UserProfile } from '@tradepad/contracts';
import { formatMoney } from '@tradepad/domain';
import type { UserRow } from '../../db/schema.ts';
import type { AccountsDeps } from './accounts.service.ts';
import type { ReferenceData } from './reference-data.ts';

/** The signed-in trader's own account as the app shows it: the profile and the cash balance. */
export class Profile {
  constructor(
    private readonly ref: ReferenceData,
    private readonly d: Pick<AccountsDeps, 'db' | 'repo' | 'ledger' | 'accountTypeOf'>,
  ) {}

  async profile(user: UserRow): Promise<UserProfile> {
    const balance = await this.d.ledger.balance(this.d.db, user.id, 'cash');
    const area = user.area_id === null ? undefined : (await this.ref.areas()).find((a) => a.id === user.area_id);
    return {
      id: user.id,
      uid: user.uid,
      email: user.email ?? '',
      mobile: user.mobile ?? '',
      area_id: user.area_id,
      global_code: area?.global_code ?? '',
      is_demo: user.is_demo ? 1 : 0,
      demo_id: user.demo_id ?? '',
      invite_code: user.is_demo ? '' : user.invite_code,
      balance: formatMoney(balance, 2),
      lang: user.lang,
      created_at: new Date(user.created_at).toISOString(),
      rank_opt_in: user.rank_opt_in ? 1 : 0,
      linked: (await this.d.repo.linkOf(user.id, user.is_demo === 1)) ? 1 : 0,
      account_type: this.d.accountTypeOf?.(user.account_type_id ?? null) ?? null,
    };
  }

  async balance(user: UserRow): Promise<CashBalance> {
    return { balance: formatMoney(await this.d.ledger.balance(this.d.db, user.id, 'cash'), 2) };
  }

  userById(id: number): Promise<UserRow | undefined> {
    return this.d.repo.userById(id);
  }
}
