import {
  SUPPORT_MESSAGES_PER_MINUTE,
  type SupportMessage,
  type SupportMessagePage,
  type SupportPushMessage,
  type SupportThreadDetail,
  type SupportThreadPage,
  type SupportThreadStatus,
} from '@tradepad/contracts';
import { refuse } from '../../core/errors.ts';
import type { Db } from '../../db/database.ts';
import type { PageRequest } from '../../db/paging.ts';
import type { UserRow } from '../../db/schema.ts';
import { EVERY_USER_SOCKET, type Bus } from '../../ports/bus.ts';
import type { Clock } from '../../ports/clock.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { Actor } from '../audit/staff-guard.ts';
import type { ImageStore } from '../wallet/wallet.service.ts';
import type { SupportRepository } from './support.repository.ts';
import { previewOf, supportMessageView } from './support-view.ts';

export interface SupportDeps {
  db: Db;
  repo: SupportRepository;
  audit: AuditRepository;
  /** Attached screenshots: the trader's own uploads, linked by signed, expiring URLs. */
  images: ImageStore;
  /** Staff replies reach the trader's sockets through it. */
  bus: Pick<Bus, 'publishToUser'>;
  clock: Clock;
  /** Messages a trader may send per minute (SUPPORT_MESSAGES_PER_MINUTE unless a test says otherwise). */
  perMinute?: number;
  /** Counts a demo account's message against its client address (LIMIT_SUPPORT_DEMO_ADDRESS an hour). */
  demoMessage: (ip: string) => Promise<void>;
}

const MINUTE_MS = 60_000;

/**
 * The support chat (DESIGN §13): a trader writes to support (real and demo accounts alike), support staff read the
 * inbox and reply; a reply is audited and pushed at once to every socket the trader is logged in with.
 */
export class SupportService {
  constructor(private readonly d: SupportDeps) {}

  /** The trader's own thread, newest first. */
  async mine(user: UserRow, p: PageRequest): Promise<SupportMessagePage> {
    return this.page(user.id, p);
  }

  /**
   * A trader's message: at most `perMinute` a minute (counted with the message, in one transaction). Demo accounts'
   * messages are also counted per client address, so a dozen free accounts cannot flood the inbox.
   */
  async post(user: UserRow, p: { text: string; image?: string | undefined }, ip: string): Promise<SupportMessage> {
    if (p.image !== undefined && !(await this.d.images.owned(user.id, p.image))) throw refuse('err.image_invalid');
    if (user.is_demo) await this.d.demoMessage(ip);
    const at = this.d.clock.now();
    const limit = this.d.perMinute ?? SUPPORT_MESSAGES_PER_MINUTE;
    const id = await this.d.db.transaction().execute(async (trx) => {
      await this.d.repo.ensureThread(trx, user.id, at);
      if (!(await this.d.repo.takeRateSlot(trx, user.id, at, limit, MINUTE_MS))) throw refuse('err.too_many_requests');
      const id = await this.d.repo.insertMessage(trx, {
        user_id: user.id,
        from_staff: 0,
        staff_id: null,
        text: p.text,
        image_name: p.image ?? null,
        created_at: at,
      });
      await this.d.repo.userWrote(trx, user.id, previewOf(p.text), at);
      return id;
    });
    return this.view(id);
  }

  /** The inbox, newest activity first. */
  async threads(f: PageRequest & { status?: SupportThreadStatus | undefined }): Promise<SupportThreadPage> {
    const { rows, total } = await this.d.repo.threads({
      page: f.page,
      limit: f.limit,
      lastFromStaff: f.status === undefined ? undefined : f.status === 'answered',
    });
    return {
      data: rows.map((r) => ({
        user_id: Number(r.user_id),
        user_account: r.user_account,
        email: r.email,
        phone: r.phone,
        is_demo: Number(r.is_demo) === 1,
        last_from: r.last_from_staff ? 'staff' : 'user',
        last_text: r.last_text,
        unread: Number(r.staff_unread),
        status: r.last_from_staff ? 'answered' : 'waiting',
        updated_at: Number(r.updated_at),
      })),
      total,
    };
  }

  /** One trader's thread for staff; opening it marks the trader's messages read. */
  async thread(userId: number, p: PageRequest): Promise<SupportThreadDetail> {
    const account = await this.d.repo.account(userId);
    if (!account) throw refuse('err.record_unknown');
    await this.d.repo.markRead(userId);
    return { ...(await this.page(userId, p)), user_id: userId, user_account: account.user_account };
  }

  /** A staff reply: audited in the same transaction, then pushed live to the trader as `SUPPORT`. */
  async reply(actor: Actor, userId: number, text: string): Promise<SupportMessage> {
    if (!(await this.d.repo.account(userId))) throw refuse('err.record_unknown');
    const at = this.d.clock.now();
    const id = await this.d.db.transaction().execute(async (trx) => {
      await this.d.repo.ensureThread(trx, userId, at);
      const id = await this.d.repo.insertMessage(trx, {
        user_id: userId,
        from_staff: 1,
        staff_id: actor.staffId,
        text,
        image_name: null,
        created_at: at,
      });
      await this.d.repo.staffWrote(trx, userId, previewOf(text), at);
      await this.d.audit.record(
        {
          staffId: actor.staffId,
          action: 'support.reply',
          targetType: 'user',
          targetId: String(userId),
          after: { message_id: id, user_id: userId, text },
          ip: actor.ip,
          peer: actor.peer,
          at,
        },
        trx,
      );
      return id;
    });
    // After the commit: the reply is in the thread before the trader's app is told of it.
    const message = await this.view(id);
    const push: SupportPushMessage = { type: 'SUPPORT', message };
    this.d.bus.publishToUser(userId, EVERY_USER_SOCKET, push);
    return message;
  }

  private async page(userId: number, p: PageRequest): Promise<SupportMessagePage> {
    const { rows, total } = await this.d.repo.messages(userId, p);
    return { data: rows.map((r) => supportMessageView(r, (n) => this.d.images.signedUrl(n))), total };
  }

  private async view(id: number): Promise<SupportMessage> {
    const row = await this.d.repo.message(this.d.db, id);
    if (!row) throw new Error(`support message ${id} vanished`);
    return supportMessageView(row, (n) => this.d.images.signedUrl(n));
  }
}
