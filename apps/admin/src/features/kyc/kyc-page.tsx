import { KYC_APPROVED, KYC_REJECTED, KYC_WAITING } from '@tradepad/contracts/wallet';
import { Badge } from '../../ui/badge.tsx';
import { Decision } from '../../ui/decision.tsx';
import { FieldList } from '../../ui/field-list.tsx';
import { formatTime, kycStatus } from '../../ui/format.ts';
import { ImageThumb } from '../../ui/image-thumb.tsx';
import { ReviewQueue, type Column } from '../../ui/review-queue.tsx';
import { approveKyc, kycQueue, rejectKyc, type KycReview } from './kyc.api.ts';

const columns: Column<KycReview>[] = [
  { header: 'ID', cell: (k) => `#${k.id}` },
  { header: 'Submitted', cell: (k) => formatTime(k.created_at), nowrap: true },
  {
    header: 'User',
    cell: (k) => (
      <span className="user-cell">
        {k.user_account || '—'}
        <small className="muted">ID {k.user_id}</small>
      </span>
    ),
  },
  { header: 'Name', cell: (k) => k.name },
  { header: 'ID number', cell: (k) => <code>{k.card_id}</code> },
  { header: 'Status', cell: (k) => <Badge info={kycStatus(k.status)} /> },
];

/** Real-name applications: compare the name and ID number with both sides of the card. */
export function KycPage() {
  return (
    <ReviewQueue<KycReview>
      title="Real-name verification"
      intro="Compare the name and ID number with both sides of the card. An approved user may withdraw when the setting requires real-name verification."
      statuses={[
        { value: KYC_WAITING, label: 'Waiting' },
        { value: KYC_APPROVED, label: 'Approved' },
        { value: KYC_REJECTED, label: 'Rejected' },
        { value: undefined, label: 'All' },
      ]}
      defaultStatus={KYC_WAITING}
      load={kycQueue}
      columns={columns}
      emptyText={(s) =>
        s === KYC_WAITING ? 'No applications waiting for review. New ones appear here.' : 'No applications match this filter.'
      }
      detail={(k, changed) => <KycDetail application={k} changed={changed} />}
    />
  );
}

function KycDetail({ application: k, changed }: { application: KycReview; changed: (p: Partial<KycReview>) => void }) {
  return (
    <>
      <div className="detail-head">
        <h3>Application #{k.id}</h3>
        <Badge info={kycStatus(k.status)} />
      </div>
      <FieldList
        rows={[
          ['User', `${k.user_account} (ID ${k.user_id})`],
          ['Name', <strong>{k.name}</strong>],
          ['ID number', <code>{k.card_id}</code>],
          ['Submitted', formatTime(k.created_at)],
          ['Reviewed', k.reviewed_at ? `${formatTime(k.reviewed_at)}${k.reviewed_by ? ` by staff ${k.reviewed_by}` : ''}` : ''],
          ['Remark', k.remark],
        ]}
      />
      <div className="images">
        <ImageThumb src={k.front_url} label="ID card, front" />
        <ImageThumb src={k.reverse_url} label="ID card, back" />
      </div>
      {k.status === KYC_WAITING && (
        <Decision
          approveSummary={
            <>
              Approve <strong>{k.name}</strong> as the verified holder of this account? Check that both images show the same name
              and ID number.
            </>
          }
          rejectSummary="The user sees the remark and can apply again."
          onApprove={() => approveKyc(k.id).then((r) => changed({ status: r?.status ?? KYC_APPROVED, remark: '' }))}
          onReject={(remark) =>
            rejectKyc(k.id, remark).then((r) => changed({ status: r?.status ?? KYC_REJECTED, remark: r?.remark ?? remark }))
          }
        />
      )}
    </>
  );
}
