import type { KycReview } from '@tradepad/contracts/staff/review';
import { KYC_APPROVED, KYC_REJECTED, KYC_WAITING } from '@tradepad/contracts/wallet/constants';
import { Box } from '@mui/material';
import { FunctionField, TextField, useDataProvider, useTranslate } from 'react-admin';
import type { AdminDataProvider } from '../../providers/data-provider.ts';
import { IdCell, TimeCell, UserCell, useReviewedText, useTimeLocale } from '../../ui/cells.tsx';
import { Decision } from '../../ui/decision.tsx';
import { FieldList } from '../../ui/field-list.tsx';
import { formatTime, kycStatus } from '../../ui/format.ts';
import { ImageThumb } from '../../ui/image-thumb.tsx';
import { ALL_STATUSES, ReviewHead, ReviewList } from '../../ui/review-list.tsx';
import { StatusChip } from '../../ui/status-chip.tsx';

/** Real-name applications: compare the name and ID number with both sides of the card. */
export function KycList() {
  return (
    <ReviewList<KycReview>
      resource="kyc"
      title="tp.kyc.title"
      intro="tp.kyc.intro"
      statuses={[
        { value: KYC_WAITING, label: 'tp.status.waiting' },
        { value: KYC_APPROVED, label: 'tp.status.approved' },
        { value: KYC_REJECTED, label: 'tp.status.rejected' },
        { value: ALL_STATUSES, label: 'tp.common.all' },
      ]}
      waiting={KYC_WAITING}
      emptyWaiting="tp.kyc.empty_waiting"
      emptyOther="tp.kyc.empty"
      detail={(k, changed) => <KycDetail application={k} changed={changed} />}
    >
      <IdCell label="tp.common.id" />
      <TimeCell source="created_at" label="tp.common.submitted" sortable={false} />
      <UserCell label="tp.common.user" />
      <TextField source="name" label="tp.kyc.name" sortable={false} />
      <FunctionField<KycReview> label="tp.kyc.card_id" render={(k) => <code>{k.card_id}</code>} />
      <FunctionField<KycReview>
        label="tp.common.status"
        render={(k) => <StatusChip info={kycStatus(k.status)} status={k.status} />}
      />
    </ReviewList>
  );
}

function KycDetail({ application: k, changed }: { application: KycReview; changed: (p: Partial<KycReview>) => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const locale = useTimeLocale();
  const reviewed = useReviewedText();
  return (
    <>
      <ReviewHead title={translate('tp.kyc.detail_title', { id: k.id })} info={kycStatus(k.status)} status={k.status} />
      <FieldList
        rows={[
          [translate('tp.common.user'), `${k.user_account} (ID ${k.user_id})`],
          [translate('tp.kyc.name'), <strong>{k.name}</strong>],
          [translate('tp.kyc.card_id'), <code>{k.card_id}</code>],
          [translate('tp.common.submitted'), formatTime(k.created_at, locale)],
          [translate('tp.common.reviewed'), reviewed(k.reviewed_at, k.reviewed_by)],
          [translate('tp.common.remark'), k.remark],
        ]}
      />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 2 }}>
        <ImageThumb src={k.front_url} label={translate('tp.kyc.front')} />
        <ImageThumb src={k.reverse_url} label={translate('tp.kyc.back')} />
      </Box>
      {k.status === KYC_WAITING && (
        <Decision
          approveSummary={translate('tp.kyc.approve_summary', { name: k.name })}
          rejectSummary={translate('tp.kyc.reject_summary')}
          onApprove={() =>
            dataProvider.approve('kyc', k.id).then((r) => changed({ status: r?.status ?? KYC_APPROVED, remark: '' }))
          }
          onReject={(remark) =>
            dataProvider
              .reject('kyc', k.id, { remark })
              .then((r) => changed({ status: r?.status ?? KYC_REJECTED, remark: r?.remark ?? remark }))
          }
        />
      )}
    </>
  );
}
