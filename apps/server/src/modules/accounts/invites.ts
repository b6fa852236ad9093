import type { InviteList } from '@tradepad/contracts';
import { timeText } from '../../core/time.ts';
import type { AccountsDeps } from './accounts.service.ts';
import type { RealUser } from '../../core/access.ts';

/** The invite screen of a real account: its invite code and who joined with it. */
export class Invites {
  constructor(private readonly d: Pick<AccountsDeps, 'repo'>) {}

  /** The invite screen: the user's code and the people who joined with it, their accounts masked. */
  async invites(user: RealUser, page: number, limit: number): Promise<InviteList> {
    const { rows, total } = await this.d.repo.invited(user.id, page, limit);
    return {
      invite_code: user.invite_code,
      data: rows.map((r) => ({
        uid: r.uid,
        account: maskAccount(r.email ?? r.phone ?? ''),
        created_at: timeText(r.created_at),
      })),
      total,
    };
  }
}

/** `jo***@example.com`, `+852 ****5678`: enough for the inviter to recognise a friend, not to contact a stranger. */
export function maskAccount(account: string): string {
  const at = account.indexOf('@');
  if (at > 0) return `${account.slice(0, Math.min(2, at))}***${account.slice(at)}`;
  return account.length > 4 ? `${'*'.repeat(Math.max(0, account.length - 4))}${account.slice(-4)}` : '****';
}
