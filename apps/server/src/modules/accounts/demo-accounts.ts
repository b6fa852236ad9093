import type { DemoAccount, Lang } from '@tradepad/contracts';
import { parseMoney } from '@tradepad/domain';
import { transaction } from '../../db/after-commit.ts';
import type { Tx } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import { AppError, refuse } from '../../core/errors.ts';
import { randomCode, sha256 } from '../../core/security.ts';
import { demoFunded } from '../ledger/ledger-entries.ts';
import type { AccountsDeps, RequestCtx } from './accounts.service.ts';
import { uniqueValue } from './sign-up.ts';

/**
 * Demo accounts (DESIGN §3): one per device, made and funded with the start balance on its first call, and one made
 * for a real account the first time its owner switches to demo.
 */
export class DemoAccounts {
  constructor(private readonly d: Pick<AccountsDeps, 'db' | 'repo' | 'ledger' | 'settings' | 'throttle' | 'clock'>) {}

  /** The demo account of a device, created and funded on first call (DESIGN §3: the same demo_id for a uuid). */
  async demoAccount(uuid: string, ctx: RequestCtx): Promise<DemoAccount> {
    const uuidHash = sha256(uuid);
    const existing = await this.d.repo.userByDemoUuidHash(uuidHash);
    if (existing?.demo_id) return { demo_id: existing.demo_id };
    await this.d.throttle.demoCreation(ctx.ip);

    try {
      const made = await this.newDemo(uuidHash, ctx.lang, this.d.clock.now());
      return { demo_id: made.demoId };
    } catch (err) {
      // The same device asking twice at once: the unique index keeps one account, which both get.
      const again = await this.d.repo.userByDemoUuidHash(uuidHash);
      if (again?.demo_id) return { demo_id: again.demo_id };
      throw err;
    }
  }
  /** A new demo account linked to a real account that has none (no device uuid: reached only by switching). */
  async linkedDemo(real: UserRow, ctx: RequestCtx): Promise<UserRow | undefined> {
    await this.d.throttle.demoCreation(ctx.ip);
    const now = this.d.clock.now();
    const made = await this.newDemo(null, real.lang as Lang, now, async (trx, demoUserId) => {
      // Two first switches at once: the unique link keeps one demo; the other transaction rolls back.
      if (!(await this.d.repo.link(trx, demoUserId, real.id, now))) throw refuse('err.switch_no_real');
    }).catch((err: unknown) => {
      if (err instanceof AppError && err.key === 'err.switch_no_real') return undefined;
      throw err;
    });
    if (made !== undefined) return this.d.repo.userById(made.userId);
    const link = await this.d.repo.linkOf(real.id, false);
    return link ? this.d.repo.userById(link.demo_user_id) : undefined;
  }

  /** A funded demo account, with `more` run in its transaction. */
  private async newDemo(
    uuidHash: string | null,
    lang: Lang,
    now: number,
    more?: (trx: Tx, userId: number) => Promise<void>,
  ): Promise<{ userId: number; demoId: string }> {
    const demoId = await uniqueValue(this.d.repo, 'demo_id', () => String(800_000_000 + Math.floor(Math.random() * 199_999_999)));
    const uid = await uniqueValue(this.d.repo, 'uid', () => String(10_000_000 + Math.floor(Math.random() * 89_999_999)));
    const inviteCode = await uniqueValue(this.d.repo, 'invite_code', () => randomCode(8));
    const start = parseMoney(await this.d.settings.get('demo_start_balance'));
    const userId = await transaction(this.d.db, async (trx) => {
      const id = await this.d.repo.insertUser(trx, {
        uid,
        email: null,
        area_id: null,
        mobile: null,
        phone: null,
        contact_mobile: null,
        password_hash: '!demo',
        is_demo: 1,
        demo_id: demoId,
        demo_uuid_hash: uuidHash,
        invite_code: inviteCode,
        invited_by: null,
        lang,
        status: 1,
        created_at: now,
        updated_at: now,
      });
      await this.d.ledger.post(trx, demoFunded({ userId: id, amount: start, at: now }));
      await more?.(trx, id);
      return id;
    });
    return { userId, demoId };
  }
}
