import { ACCOUNT_TYPE_EMAIL, emailParam, mobileParam } from '@tradepad/contracts';
import type { UserRow } from '../../db/schema.ts';
import { refuse } from '../../core/errors.ts';
import type { AreaRow } from './accounts.repository.ts';
import type { AccountsDeps } from './accounts.service.ts';
import type { ReferenceData } from './reference-data.ts';
import type { CodeTarget } from './verification-codes.ts';

/**
 * Where a code goes: an address as typed at sign-up or password recovery, or the signed-in account's own one, made
 * into a normalised target; and the account that already holds a target.
 */
export class CodeTargets {
  constructor(
    private readonly ref: ReferenceData,
    private readonly d: Pick<AccountsDeps, 'repo'>,
  ) {}

  /** An address typed at sign-up or recovery: an e-mail, or a number in an area that is not restricted. */
  async registrationTarget(p: { type: number; account: string; area_id?: number | undefined }) {
    if (p.type === ACCOUNT_TYPE_EMAIL) {
      const email = emailParam.safeParse(p.account);
      if (!email.success) throw refuse('err.email_invalid');
      const code: CodeTarget = { channel: 'email', address: email.data };
      return { code, email: email.data, areaId: null, mobile: null };
    }
    if (p.area_id === undefined) throw refuse('err.area_required');
    const area = await this.ref.area(p.area_id);
    await this.ref.refuseRestricted(area);
    return this.phoneTarget(area, p.account);
  }

  /** A national number in an area, as an SMS target; refuses a malformed number. */
  phoneTarget(area: AreaRow, account: string): { code: CodeTarget; email: null; areaId: number; mobile: string } {
    const mobile = mobileParam.safeParse(account);
    if (!mobile.success) throw refuse('err.mobile_invalid');
    return {
      code: { channel: 'sms', address: `+${area.global_code}${mobile.data}` },
      email: null,
      areaId: area.id,
      mobile: mobile.data,
    };
  }

  /** The signed-in account's own address on a channel (type-4 and password-change codes go only there). */
  async ownTarget(user: UserRow, type: number): Promise<CodeTarget> {
    if (type === ACCOUNT_TYPE_EMAIL) {
      if (!user.email) throw refuse('err.no_email_on_account');
      return { channel: 'email', address: user.email };
    }
    if (!user.mobile || user.area_id === null) throw refuse('err.no_mobile_on_account');
    const area = await this.ref.area(user.area_id);
    return { channel: 'sms', address: `+${area.global_code}${user.mobile}` };
  }

  async userByTarget(t: CodeTarget): Promise<UserRow | undefined> {
    return t.channel === 'email' ? this.d.repo.userByEmail(t.address) : this.d.repo.userByPhone(t.address);
  }
}
