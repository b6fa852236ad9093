import { DRAW_BANK, RECORD_COMPLETED, RECORD_REJECTED, RECORD_UNREVIEWED } from '@tradepad/contracts/wallet';
import type { ReactNode } from 'react';
import { Badge } from '../../ui/badge.tsx';
import { CopyText } from '../../ui/copy-text.tsx';
import { Decision } from '../../ui/decision.tsx';
import { FieldList } from '../../ui/field-list.tsx';
import { formatTime, kycStatus, recordStatus } from '../../ui/format.ts';
import { ReviewQueue, type Column } from '../../ui/review-queue.tsx';
import { approveWithdrawal, rejectWithdrawal, withdrawalQueue, type WithdrawalReview } from './withdrawals.api.ts';

const status = (w: WithdrawalReview) => recordStatus(w.status, 'Paid');
const currency = (w: WithdrawalReview) => (w.protocol ? `${w.code} · ${w.protocol}` : w.code);

const columns: Column<WithdrawalReview>[] = [
  { header: 'ID', cell: (w) => `#${w.id}` },
  { header: 'Submitted', cell: (w) => formatTime(w.created_at), nowrap: true },
  {
    header: 'User',
    cell: (w) => (
      <span className="user-cell">
        {w.user_account || '—'}
        <small className="muted">ID {w.user_id}</small>
      </span>
    ),
  },
  { header: 'Pay to', cell: (w) => (w.type === DRAW_BANK ? `${w.code} bank` : currency(w)) },
  { header: 'Amount USD', cell: (w) => w.number, numeric: true },
  { header: 'Pays out', cell: (w) => `${w.real_number} ${w.code}`, numeric: true },
  { header: 'Status', cell: (w) => <Badge info={status(w)} /> },
];

/** Withdrawals waiting to be paid out (approve with the transfer reference) or refused (the amount is released). */
export function WithdrawalsPage() {
  return (
    <ReviewQueue<WithdrawalReview>
      title="Withdrawals"
      intro="Pay each approved withdrawal outside Tradepad first, then approve it with the transfer reference. Rejecting returns the amount to the user's balance."
      statuses={[
        { value: RECORD_UNREVIEWED, label: 'Unreviewed' },
        { value: RECORD_COMPLETED, label: 'Paid' },
        { value: RECORD_REJECTED, label: 'Rejected' },
        { value: undefined, label: 'All' },
      ]}
      defaultStatus={RECORD_UNREVIEWED}
      load={withdrawalQueue}
      columns={columns}
      emptyText={(s) =>
        s === RECORD_UNREVIEWED ? 'No withdrawals waiting for review. New ones appear here.' : 'No withdrawals match this filter.'
      }
      detail={(w, changed) => <WithdrawalDetail withdrawal={w} changed={changed} />}
    />
  );
}

function WithdrawalDetail({
  withdrawal: w,
  changed,
}: {
  withdrawal: WithdrawalReview;
  changed: (p: Partial<WithdrawalReview>) => void;
}) {
  const bank = w.type === DRAW_BANK;
  const payTo: Array<[string, ReactNode]> = bank
    ? [
        ['Bank', w.bank_name],
        ['Payee name', w.payee_name],
        ['Payee account', <CopyText text={w.payee_account} />],
      ]
    : [
        ['Network', w.protocol],
        ['Address', <CopyText text={w.address} />],
      ];
  return (
    <>
      <div className="detail-head">
        <h3>Withdrawal #{w.id}</h3>
        <Badge info={status(w)} />
      </div>
      <FieldList
        rows={[
          ['User', `${w.user_account} (ID ${w.user_id})`],
          ...(w.kyc_status === undefined
            ? []
            : ([['Real name', <Badge info={kycStatus(w.kyc_status)} />]] as Array<[string, ReactNode]>)),
          ['Amount', <span className="num">{`${w.number} USD`}</span>],
          ['Fee', <span className="num">{`${w.fee} USD`}</span>],
          ['Pays out', <strong className="num">{`${w.real_number} ${w.code}`}</strong>],
          ['Method', bank ? `Bank transfer (${w.code})` : `Coin (${currency(w)})`],
          ...payTo,
          ['User memo', w.memo],
          ['Submitted', formatTime(w.created_at)],
          ['Reviewed', w.reviewed_at ? `${formatTime(w.reviewed_at)}${w.reviewed_by ? ` by staff ${w.reviewed_by}` : ''}` : ''],
          ['Transfer reference', w.transfer_ref ? <CopyText text={w.transfer_ref} /> : ''],
          ['Remark', w.remark],
        ]}
      />
      {w.status === RECORD_UNREVIEWED && (
        <Decision
          askTransferRef
          approveSummary={
            <>
              Mark as paid: <strong>{`${w.real_number} ${w.code}`}</strong> sent to{' '}
              {bank ? `${w.payee_name}'s account` : 'the address above'}. {w.number} USD leaves the user's locked balance.
            </>
          }
          rejectSummary={`${w.number} USD goes back to the user's available balance. The user sees the remark.`}
          onApprove={(ref) =>
            approveWithdrawal(w.id, ref).then((r) =>
              changed({ status: r?.status ?? RECORD_COMPLETED, remark: '', transfer_ref: r?.transfer_ref ?? ref }),
            )
          }
          onReject={(remark) =>
            rejectWithdrawal(w.id, remark).then((r) =>
              changed({ status: r?.status ?? RECORD_REJECTED, remark: r?.remark ?? remark }),
            )
          }
        />
      )}
    </>
  );
}
