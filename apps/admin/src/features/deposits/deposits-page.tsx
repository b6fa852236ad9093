import type { ReactNode } from 'react';
import { DEPOSIT_BANK, RECORD_COMPLETED, RECORD_INVALID, RECORD_REJECTED, RECORD_UNREVIEWED } from '@tradepad/contracts/wallet';
import { Badge } from '../../ui/badge.tsx';
import { CopyText } from '../../ui/copy-text.tsx';
import { Decision } from '../../ui/decision.tsx';
import { FieldList } from '../../ui/field-list.tsx';
import { formatTime, recordStatus } from '../../ui/format.ts';
import { ImageThumb } from '../../ui/image-thumb.tsx';
import { ReviewQueue, type Column } from '../../ui/review-queue.tsx';
import { approveDeposit, depositQueue, rejectDeposit, type DepositReview } from './deposits.api.ts';

const status = (d: DepositReview) => recordStatus(d.status, 'Credited');
const currency = (d: DepositReview) =>
  d.type === DEPOSIT_BANK ? `${d.currency_code} wire` : `${d.currency_code} · ${d.protocol_code}`;

const columns: Column<DepositReview>[] = [
  { header: 'ID', cell: (d) => `#${d.id}` },
  { header: 'Submitted', cell: (d) => formatTime(d.created_at), nowrap: true },
  { header: 'User', cell: (d) => <UserCell account={d.user_account} id={d.user_id} /> },
  { header: 'Currency', cell: currency },
  { header: 'Amount', cell: (d) => d.number, numeric: true },
  { header: 'Credit USD', cell: (d) => d.usd_amount, numeric: true },
  { header: 'Status', cell: (d) => <Badge info={status(d)} /> },
];

function UserCell({ account, id }: { account: string; id: number }) {
  return (
    <span className="user-cell">
      {account || '—'}
      <small className="muted">ID {id}</small>
    </span>
  );
}

/** Deposits waiting for staff to check the proof and credit the user (DESIGN §6: 0 → 1 | 2 | 3). */
export function DepositsPage() {
  return (
    <ReviewQueue<DepositReview>
      title="Deposits"
      intro="Check each proof against the receiving account before crediting. Approving credits the USD amount to the user's balance."
      statuses={[
        { value: RECORD_UNREVIEWED, label: 'Unreviewed' },
        { value: RECORD_COMPLETED, label: 'Credited' },
        { value: RECORD_REJECTED, label: 'Rejected' },
        { value: RECORD_INVALID, label: 'Invalid' },
        { value: undefined, label: 'All' },
      ]}
      defaultStatus={RECORD_UNREVIEWED}
      load={depositQueue}
      columns={columns}
      emptyText={(s) =>
        s === RECORD_UNREVIEWED ? 'No deposits waiting for review. New ones appear here.' : 'No deposits match this filter.'
      }
      detail={(d, changed) => <DepositDetail deposit={d} changed={changed} />}
    />
  );
}

function DepositDetail({ deposit: d, changed }: { deposit: DepositReview; changed: (p: Partial<DepositReview>) => void }) {
  const bank = d.type === DEPOSIT_BANK;
  return (
    <>
      <div className="detail-head">
        <h3>Deposit #{d.id}</h3>
        <Badge info={status(d)} />
      </div>
      <FieldList
        rows={[
          ['User', `${d.user_account} (ID ${d.user_id})`],
          ['Type', bank ? 'Bank wire' : 'Coin transfer'],
          [bank ? 'Currency' : 'Currency · network', currency(d)],
          ['Amount', <span className="num">{`${d.number} ${d.currency_code}`}</span>],
          ['Credit', <span className="num">{`${d.usd_amount} USD`}</span>],
          ...(bank ? [] : ([['Sent from', <CopyText text={d.from_address} />]] as Array<[string, ReactNode]>)),
          ['Submitted', formatTime(d.created_at)],
          ['Reviewed', d.reviewed_at ? `${formatTime(d.reviewed_at)}${d.reviewed_by ? ` by staff ${d.reviewed_by}` : ''}` : ''],
          ['Remark', d.remark],
        ]}
      />
      <div className="images">
        <ImageThumb src={d.proof_url} label="Payment proof" />
      </div>
      {d.status === RECORD_UNREVIEWED && (
        <Decision
          approveSummary={
            <>
              Credit <strong>{d.usd_amount} USD</strong> to {d.user_account}? Only approve once the {bank ? 'wire' : 'transfer'}{' '}
              of {d.number} {d.currency_code} has arrived.
            </>
          }
          rejectSummary="Nothing is credited. The user sees the remark."
          rejectOptions={[
            { value: RECORD_REJECTED, label: 'Reject' },
            { value: RECORD_INVALID, label: 'Mark invalid (for example a duplicate or unreadable proof)' },
          ]}
          onApprove={() =>
            approveDeposit(d.id).then((r) => changed({ status: r?.status ?? RECORD_COMPLETED, remark: r?.remark ?? '' }))
          }
          onReject={(remark, s) =>
            rejectDeposit(d.id, remark, s).then((r) =>
              changed({
                status: r?.status ?? (s === RECORD_INVALID ? RECORD_INVALID : RECORD_REJECTED),
                remark: r?.remark ?? remark,
              }),
            )
          }
        />
      )}
    </>
  );
}
