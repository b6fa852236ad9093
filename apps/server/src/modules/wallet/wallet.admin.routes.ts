import { ADMIN_API } from '@tradepad/contracts';
import { sendCsv, sendJson } from '../../core/csv-download.ts';
import type { Router } from '../../core/router.ts';
import { batchesOf } from '../../db/paging.ts';
import { DEPOSIT_CSV_COLUMNS, WITHDRAWAL_CSV_COLUMNS, depositCells, withdrawalCells } from './wallet-export.ts';
import type { WalletRepository } from './wallet.repository.ts';
import type { WalletConfigService } from './wallet-config.service.ts';
import type { WalletReviewService } from './wallet-review.service.ts';

/**
 * The back office's deposit and withdrawal queues (DESIGN §3: `GET ?status=`, `POST /:id/approve`, `POST /:id/reject
 * {remark}`), the deposit channels, withdrawal currencies and wallet settings; every decision and change audited. New
 * receiving details wait for a second staff member (the changes queue), and the answer says so.
 */
export function walletAdminRoutes(
  r: Router,
  deps: { review: WalletReviewService; config: WalletConfigService; repo: WalletRepository },
) {
  const { review, config, repo } = deps;
  const filter = (p: { status?: number; user_id?: number; page: number; limit: number }) => ({
    status: p.status,
    userId: p.user_id,
    page: p.page,
    limit: p.limit,
  });

  r.get(
    ADMIN_API.deposits,
    async ({ req, reply, staff, params }) => {
      if (params.format !== 'csv') return sendJson(req, reply, await review.depositQueue(filter(params))) as never;
      await review.noteExport(staff.actor, 'deposit', params);
      const f = { status: params.status, userId: params.user_id };
      return sendCsv(reply, {
        name: 'deposits',
        columns: DEPOSIT_CSV_COLUMNS,
        batches: batchesOf((before, size) => repo.depositBatch(f, before, size)),
        cells: depositCells,
      }) as never;
    },
    { raw: true },
  );
  r.post(`${ADMIN_API.deposits}/:id/approve`, ({ staff, id }) => review.approveDeposit(staff.actor, id), { done: 'ok.approved' });
  r.post(
    `${ADMIN_API.deposits}/:id/reject`,
    ({ staff, id, params }) => review.rejectDeposit(staff.actor, id, params.remark, params.status),
    { done: 'ok.rejected' },
  );

  r.get(
    ADMIN_API.withdrawals,
    async ({ req, reply, staff, params }) => {
      if (params.format !== 'csv') return sendJson(req, reply, await review.withdrawalQueue(filter(params))) as never;
      await review.noteExport(staff.actor, 'withdrawal', params);
      const f = { status: params.status, userId: params.user_id };
      return sendCsv(reply, {
        name: 'withdrawals',
        columns: WITHDRAWAL_CSV_COLUMNS,
        batches: batchesOf((before, size) => repo.withdrawalBatch(f, before, size)),
        cells: withdrawalCells,
      }) as never;
    },
    { raw: true },
  );
  r.post(
    `${ADMIN_API.withdrawals}/:id/approve`,
    ({ staff, id, params }) => review.approveWithdrawal(staff.actor, id, params.transfer_ref ?? ''),
    { done: 'ok.approved' },
  );
  r.post(
    `${ADMIN_API.withdrawals}/:id/reject`,
    ({ staff, id, params }) => review.rejectWithdrawal(staff.actor, id, params.remark),
    {
      done: 'ok.rejected',
    },
  );

  r.get(ADMIN_API.depositChannels, () => config.coinChannels());
  r.post(ADMIN_API.depositChannels, ({ staff, params }) => config.saveCoinChannel(staff.actor, undefined, params), {
    done: savedOrPending,
  });
  r.post(`${ADMIN_API.depositChannels}/:id`, ({ staff, id, params }) => config.saveCoinChannel(staff.actor, id, params), {
    done: savedOrPending,
  });
  r.get(ADMIN_API.wireChannels, () => config.wireChannels());
  r.post(ADMIN_API.wireChannels, ({ staff, params }) => config.saveWireChannel(staff.actor, undefined, params), {
    done: savedOrPending,
  });
  r.post(`${ADMIN_API.wireChannels}/:id`, ({ staff, id, params }) => config.saveWireChannel(staff.actor, id, params), {
    done: savedOrPending,
  });
  r.get(ADMIN_API.drawCurrencies, () => config.drawCurrencies());
  r.post(ADMIN_API.drawCurrencies, ({ staff, params }) => config.saveDrawCurrency(staff.actor, undefined, params), {
    done: 'ok.saved',
  });
  r.post(`${ADMIN_API.drawCurrencies}/:id`, ({ staff, id, params }) => config.saveDrawCurrency(staff.actor, id, params), {
    done: 'ok.saved',
  });

  r.get(ADMIN_API.walletSettings, () => config.walletSettings());
  r.post(ADMIN_API.walletSettings, ({ staff, params }) => config.setWalletSettings(staff.actor, params), {
    done: 'ok.saved',
  });
}

/** A channel's save: saved, or (new receiving details, a new channel) waiting in the changes queue (issue 29). */
const savedOrPending = (data: { pending_change_id: number | null }) =>
  data.pending_change_id ? 'ok.change_pending' : 'ok.saved';
