import { refuse } from '../../core/errors.ts';
import type { Tx } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import type { AccountsService } from './accounts.service.ts';

/**
 * The user's TOTP (two-factor) as the withdrawal confirmation needs it; the two-factor service implements it and
 * app.ts passes it in. `verify` refuses a wrong or replayed code with its own message (one use per 30-s step).
 */
export interface TotpVerifier {
  enabled(userId: number): Promise<boolean>;
  verify(userId: number, code: string): Promise<void>;
}

/**
 * The owner's confirmation of a money movement (DESIGN §10): a type-4 code sent to the account's own address, or a
 * TOTP code when the user has two-factor on. Until a TOTP verifier is wired, `totp` is refused as not enabled.
 */
export class OwnerConfirmation {
  constructor(
    private readonly d: {
      accounts: Pick<AccountsService, 'checkOwnerCode'>;
      totp?: TotpVerifier | undefined;
    },
  ) {}

  async check(
    user: UserRow,
    proof: { auth_code?: string | undefined; totp?: string | undefined; ip: string },
  ): Promise<(trx: Tx) => Promise<void>> {
    if (proof.totp !== undefined && proof.auth_code === undefined) {
      const totp = this.d.totp;
      if (!totp || !(await totp.enabled(user.id))) throw refuse('err.owner_totp_off');
      await totp.verify(user.id, proof.totp);
      return async () => {};
    }
    if (proof.auth_code === undefined) throw refuse('err.owner_code_required');
    return this.d.accounts.checkOwnerCode(user, proof.auth_code, proof.ip);
  }
}
