import {
  KYC_APPROVED,
  KYC_DOC_TYPES,
  KYC_MORE_INFO,
  KYC_NONE,
  KYC_REJECTED,
  KYC_WAITING,
  type KycCenter,
  type KycDocType,
  type KycStatus,
  type RealNameParams,
} from '@tradepad/contracts';
import { birthDateProblem, documentExpired, EXPIRY_REMINDER_DAYS, utcDateOf, type IsoDate } from '@tradepad/domain';
import { AppError, refuse } from '../../core/errors.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../ports/clock.ts';
import { silentNotifier, type Notifier } from '../../ports/notifier.ts';
import { silentNotices, type NoticeBoard } from '../../ports/notices.ts';
import { transaction } from '../../db/after-commit.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import { DAY_MS, timeText } from '../../core/time.ts';
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
    if (!row)
      return {
        ...{ review_status: KYC_NONE, name: '', card_id: '', remark: '', created_at: '', reviewed_at: '' },
        ...{ birth_date: '', doc_type: '', doc_expiry: '', doc_expired: false },
      };
    return {
      review_status: row.status as KycStatus,
      name: row.name,
      card_id: maskCardId(row.card_id),
      remark: row.status === KYC_REJECTED || row.status === KYC_MORE_INFO ? row.remark : '',
      created_at: timeText(row.created_at),
      reviewed_at: row.reviewed_at ? timeText(row.reviewed_at) : '',
      birth_date: row.birth_date ?? '',
      doc_type: (KYC_DOC_TYPES as readonly string[]).includes(row.doc_type ?? '') ? (row.doc_type as KycDocType) : '',
      doc_expiry: row.doc_expiry ?? '',
      doc_expired: row.doc_expiry !== null && documentExpired(row.doc_expiry as IsoDate, this.today()),
    };
  }

  /** Today's date (UTC) by the service's clock. */
  private today(): IsoDate {
    return utcDateOf(this.d.clock.now());
  }

  async apply(user: RealUser, p: RealNameParams): Promise<KycCenter> {
    const images = [p.front_pic, p.reverse_pic, p.address_proof, p.selfie].filter((n): n is string => n !== undefined);
    if (p.front_pic === p.reverse_pic) throw refuse('err.images_same');
    if (new Set(images).size !== images.length) throw refuse('err.images_repeated');
    const today = this.today();
    if (p.birth_date !== undefined) {
      const problem = birthDateProblem(p.birth_date as IsoDate, today);
      if (problem) throw refuse(problem);
    }
    if (p.doc_expiry !== undefined && documentExpired(p.doc_expiry as IsoDate, today)) throw refuse('err.doc_expired');
    for (const name of images) if (!(await this.d.images.owned(user.id, name))) throw refuse('err.image_invalid');
    try {
      await this.d.db.transaction().execute(async (trx) => {
        if (await this.d.repo.userHas(trx, user.id, [KYC_APPROVED])) throw refuse('err.kyc_done');
        if (await this.d.repo.userHas(trx, user.id, [KYC_WAITING])) throw refuse('err.kyc_waiting');
        // An ID number verified on another account is not refused here: the answer would tell any trader whose
        // number is verified. The reviewer is told and cannot approve it (`decide`). A resubmission after "more
        // information needed" is a new row: the earlier one stays as staff answered it.
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
          birth_date: p.birth_date ?? null,
          address: p.address ?? null,
          address_proof_name: p.address_proof ?? null,
          selfie_name: p.selfie ?? null,
          doc_type: p.doc_type ?? null,
          doc_expiry: p.doc_expiry ?? null,
        });
      });
    } catch (err) {
      // Two applications at the same moment: the unique "one waiting per user" index lets one in.
      if (!(err instanceof AppError) && (await this.status(user.id)) === KYC_WAITING) throw refuse('err.kyc_waiting');
      throw err;
    }
    return this.center(user);
  }

  async queue(f: QueueFilter & { expiry?: 'expired' | 'soon' | undefined }) {
    const today = this.today();
    const soonUntil = utcDateOf(this.d.clock.now() + EXPIRY_REMINDER_DAYS[0] * DAY_MS);
    const { rows, total } = await this.d.repo.queue({ ...f, today, soonUntil });
    const earlier = await this.d.repo.earlierOf([...new Set(rows.map((r) => r.user_id))]);
    const signed = (name: string | null) => (name ? this.d.images.signedUrl(name) : '');
    return {
      data: rows.map((r) => ({
        id: r.id,
        user_id: r.user_id,
        user_account: r.user_account,
        name: r.name,
        card_id: r.card_id,
        front_url: this.d.images.signedUrl(r.front_name),
        reverse_url: this.d.images.signedUrl(r.reverse_name),
        address_proof_url: signed(r.address_proof_name),
        selfie_url: signed(r.selfie_name),
        birth_date: r.birth_date ?? '',
        address: r.address ?? '',
        doc_type: r.doc_type ?? '',
        doc_expiry: r.doc_expiry ?? '',
        expired_at: r.expired_at,
        status: r.status,
        remark: r.remark,
        created_at: r.created_at,
        reviewed_at: r.reviewed_at,
        reviewed_by: r.reviewed_by,
        previous: earlier
          .filter((e) => e.user_id === r.user_id && e.id < r.id)
          .map((e) => ({ id: e.id, status: e.status, remark: e.remark, created_at: e.created_at, reviewed_at: e.reviewed_at })),
      })),
      total,
    };
  }

  /**
   * Staff ask for more information (DESIGN §16): a waiting application, or an approved one whose document expired,
   * becomes status 4 with the message the trader reads on the real-name page; audited, and the trader told (notice,
   * push, mail) like every real-name decision. The trader's next submission is a new application.
   */
  async askMore(actor: Actor, id: number, message: string) {
    const at = this.d.clock.now();
    const decided = await transaction(this.d.db, async (trx) => {
      const before = await this.d.repo.get(trx, id);
      if (!before) throw refuse('err.record_unknown');
      if (!(await this.d.repo.askMore(trx, id, { message, staffId: actor.staffId, at }))) throw refuse('err.already_reviewed');
      const after = { ...before, status: KYC_MORE_INFO, remark: message };
      await (this.d.notices ?? silentNotices).record(trx, before.user_id, 'kyc', { more: true, remark: message });
      await this.d.audit.record(
        {
          ...{ staffId: actor.staffId, action: 'kyc.more', targetType: 'kyc', targetId: String(id) },
          ...{ before: kycState(before), after: kycState(after), ip: actor.ip, peer: actor.peer, at },
        },
        trx,
      );
      return kycState(after);
    });
    (this.d.notifier ?? silentNotifier).notify(decided.user_id, { kind: 'kyc_more', message });
    return decided;
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
