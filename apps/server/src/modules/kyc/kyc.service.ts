import { KYC_APPROVED, KYC_NONE, KYC_REJECTED, KYC_WAITING, type KycCenter, type KycStatus } from '@tradepad/contracts';
import { AppError, refuse } from '../../core/errors.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../ports/clock.ts';
import { silentNotifier, type Notifier } from '../../ports/notifier.ts';
import { silentNotices, type NoticeBoard } from '../../ports/notices.ts';
import { transaction } from '../../db/after-commit.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import { timeText } from '../../core/time.ts';
import type { Actor } from '../audit/staff-guard.ts';
import type { QueueFilter } from '../../db/review-queue.ts';
import type { ImageStore } from '../wallet/wallet.service.ts';
import type { RealUser } from '../../core/access.ts';
import type { KycRepository, KycRow } from './kyc.repository.ts';

export interface KycDeps {
  db: Db;
  repo: KycRepository;
  audit: AuditRepository;
  images: ImageStore;
  notifier?: Notifier | undefined;
  /** The trader's in-app notice (and push) of each decision, written in the decision's transaction (issue 29). */
  notices?: NoticeBoard | undefined;
  clock: Clock;
}

/** An ID number shown with all but its first 2 and last 2 characters hidden. */
export const maskCardId = (id: string): string =>
  id.length <= 4 ? '*'.repeat(id.length) : `${id.slice(0, 2)}${'*'.repeat(id.length - 4)}${id.slice(-2)}`;

/**
 * Real-name verification: one waiting application per user, an ID number verified on one account at most, staff
 * approve or reject exactly once with an audit record. Identity images stay private (signed links for staff only).
 */
export class KycService {
  constructor(private readonly d: KycDeps) {}

  async status(userId: number): Promise<KycStatus> {
    return ((await this.d.repo.latest(userId))?.status ?? KYC_NONE) as KycStatus;
  }

  async center(user: RealUser): Promise<KycCenter> {
    const row = await this.d.repo.latest(user.id);
    if (!row) return { review_status: KYC_NONE, name: '', card_id: '', remark: '', created_at: '', reviewed_at: '' };
    return {
      review_status: row.status as KycStatus,
      name: row.name,
      card_id: maskCardId(row.card_id),
      remark: row.status === KYC_REJECTED ? row.remark : '',
      created_at: timeText(row.created_at),
      reviewed_at: row.reviewed_at ? timeText(row.reviewed_at) : '',
    };
  }

  async apply(user: RealUser, p: { name: string; card_id: string; front_pic: string; reverse_pic: string }): Promise<KycCenter> {
    if (p.front_pic === p.reverse_pic) throw refuse('err.images_same');
    for (const name of [p.front_pic, p.reverse_pic])
      if (!(await this.d.images.owned(user.id, name))) throw refuse('err.image_invalid');
    try {
      await this.d.db.transaction().execute(async (trx) => {
        if (await this.d.repo.userHas(trx, user.id, [KYC_APPROVED])) throw refuse('err.kyc_done');
        if (await this.d.repo.userHas(trx, user.id, [KYC_WAITING])) throw refuse('err.kyc_waiting');
        // An ID number verified on another account is not refused here: the answer would tell any trader whose
        // number is verified. The reviewer is told and cannot approve it (`decide`).
        await this.d.repo.insert(trx, {
          user_id: user.id,
          name: p.name,
          card_id: p.card_id,
          front_name: p.front_pic,
          reverse_name: p.reverse_pic,
          status: KYC_WAITING,
          remark: '',
          created_at: this.d.clock.now(),
          reviewed_at: null,
          reviewed_by: null,
        });
      });
    } catch (err) {
      // Two applications at the same moment: the unique "one waiting per user" index lets one in.
      if (!(err instanceof AppError) && (await this.status(user.id)) === KYC_WAITING) throw refuse('err.kyc_waiting');
      throw err;
    }
    return this.center(user);
  }

  async queue(f: QueueFilter) {
    const { rows, total } = await this.d.repo.queue(f);
    return {
      data: rows.map((r) => ({
        id: r.id,
        user_id: r.user_id,
        user_account: r.user_account,
        name: r.name,
        card_id: r.card_id,
        front_url: this.d.images.signedUrl(r.front_name),
        reverse_url: this.d.images.signedUrl(r.reverse_name),
        status: r.status,
        remark: r.remark,
        created_at: r.created_at,
        reviewed_at: r.reviewed_at,
        reviewed_by: r.reviewed_by,
      })),
      total,
    };
  }

  approve(actor: Actor, id: number) {
    return this.decide(actor, id, KYC_APPROVED, '');
  }

  reject(actor: Actor, id: number, remark: string) {
    return this.decide(actor, id, KYC_REJECTED, remark);
  }

  /** Approving refuses an ID number already verified on another account; both paths are audited. */
  private async decide(actor: Actor, id: number, status: number, remark: string) {
    const at = this.d.clock.now();
    try {
      const decided = await transaction(this.d.db, async (trx) => {
        const before = await this.d.repo.get(trx, id);
        if (!before) throw refuse('err.record_unknown');
        if (status === KYC_APPROVED && (await this.d.repo.cardApprovedElsewhere(trx, before.card_id, before.user_id)))
          throw refuse('err.card_id_taken');
        if (!(await this.d.repo.review(trx, id, { status, remark, staffId: actor.staffId, at })))
          throw refuse('err.already_reviewed');
        const after = { ...before, status, remark };
        await (this.d.notices ?? silentNotices).record(trx, before.user_id, 'kyc', { approved: status === KYC_APPROVED, remark });
        await this.d.audit.record(
          {
            staffId: actor.staffId,
            action: status === KYC_APPROVED ? 'kyc.approve' : 'kyc.reject',
            targetType: 'kyc',
            targetId: String(id),
            before: kycState(before),
            after: kycState(after),
            ip: actor.ip,
            peer: actor.peer,
            at,
          },
          trx,
        );
        return kycState(after);
      });
      const approved = status === KYC_APPROVED;
      (this.d.notifier ?? silentNotifier).notify(decided.user_id, { kind: 'kyc_decided', approved, remark });
      return decided;
    } catch (err) {
      // The partial unique index on approved ID numbers is the last word when two approvals race.
      if (status === KYC_APPROVED && !(err instanceof AppError) && /unique|constraint/i.test(String(err)))
        throw refuse('err.card_id_taken');
      throw err;
    }
  }
}

const kycState = (r: KycRow) => ({
  id: r.id,
  user_id: r.user_id,
  status: r.status,
  remark: r.remark,
  card_id: maskCardId(r.card_id),
});
