import type { KycReview } from '@tradepad/contracts/staff/review';
import { KYC_APPROVED, KYC_MORE_INFO, KYC_REJECTED, KYC_WAITING } from '@tradepad/contracts/wallet/constants';
import { daysUntil, fullYears, isoDate, utcDateOf } from '@tradepad/domain/identity';
import { Box, Chip, Typography } from '@mui/material';
import { FunctionField, SelectInput, TextField, useDataProvider, useTranslate } from 'react-admin';
import type { AdminDataProvider } from '../../providers/data-provider.ts';
import { IdCell, TimeCell, UserCell, useReviewedText, useTimeLocale } from '../../ui/cells.tsx';
import { Decision } from '../../ui/decision.tsx';
import { FieldList } from '../../ui/field-list.tsx';
import { formatTime, kycStatus } from '../../ui/format.ts';
import { ImageThumb } from '../../ui/image-thumb.tsx';
import { ALL_STATUSES, ReviewHead, ReviewList } from '../../ui/review-list.tsx';
import { StatusChip } from '../../ui/status-chip.tsx';

/**
 * Real-name applications: compare the name, ID number, date of birth and address with the document's two sides, the
 * selfie and the proof of address; approve, reject, or ask for more information (DESIGN §16 "Real-name depth"). The
 * document's expiry is shown and filterable (expired, or expiring within 30 days).
 */
export function KycList() {
  return (
    <ReviewList<KycReview>
      resource="kyc"
      title="tp.kyc.title"
      intro="tp.kyc.intro"
      statuses={[
        { value: KYC_WAITING, label: 'tp.status.waiting' },
        { value: KYC_MORE_INFO, label: 'tp.status.more_info' },
        { value: KYC_APPROVED, label: 'tp.status.approved' },
        { value: KYC_REJECTED, label: 'tp.status.rejected' },
        { value: ALL_STATUSES, label: 'tp.common.all' },
      ]}
      waiting={KYC_WAITING}
      emptyWaiting="tp.kyc.empty_waiting"
      emptyOther="tp.kyc.empty"
      extraFilters={[
        <SelectInput
          key="expiry"
          source="expiry"
          label="tp.kyc.expiry_filter"
          alwaysOn
          emptyText="tp.kyc.expiry_any"
          variant="outlined"
          size="small"
          sx={{ minWidth: 220 }}
          choices={[
            { id: 'expired', name: 'tp.kyc.expiry_expired' },
            { id: 'soon', name: 'tp.kyc.expiry_soon' },
          ]}
        />,
      ]}
      detail={(k, changed) => <KycDetail application={k} changed={changed} />}
    >
      <IdCell label="tp.common.id" />
      <TimeCell source="created_at" label="tp.common.submitted" sortable={false} />
      <UserCell label="tp.common.user" />
      <TextField source="name" label="tp.kyc.name" sortable={false} />
      <FunctionField<KycReview> label="tp.kyc.card_id" render={(k) => <code>{k.card_id}</code>} />
      <FunctionField<KycReview> label="tp.kyc.doc_expiry" render={(k) => <ExpiryText application={k} />} />
      <FunctionField<KycReview>
        label="tp.common.status"
        render={(k) => <StatusChip info={kycStatus(k.status)} status={k.status} />}
      />
    </ReviewList>
  );
}

/** The document's expiry, with "Expired" once the daily check found it so, or the days left when fewer than 31. */
function ExpiryText({ application: k }: { application: KycReview }) {
  const translate = useTranslate();
  const expiry = isoDate(k.doc_expiry);
  if (!expiry) return <>—</>;
  const left = daysUntil(expiry, utcDateOf(Date.now()));
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }} data-testid="kyc-expiry">
      <span className="num">{k.doc_expiry}</span>{' '}
      {k.expired_at !== null || left < 0 ? (
        <Chip size="small" color="error" label={translate('tp.kyc.expired')} />
      ) : left <= 30 ? (
        <Typography component="span" variant="caption" color="warning.main">
          {translate('tp.kyc.expires_in', { days: left })}
        </Typography>
      ) : null}
    </Box>
  );
}

function KycDetail({ application: k, changed }: { application: KycReview; changed: (p: Partial<KycReview>) => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const locale = useTimeLocale();
  const reviewed = useReviewedText();
  const birth = isoDate(k.birth_date);
  const askMore = (message: string) =>
    dataProvider
      .askMore(k.id, message)
      .then((r) => changed({ status: r?.status ?? KYC_MORE_INFO, remark: r?.remark ?? message }));
  return (
    <>
      <ReviewHead title={translate('tp.kyc.detail_title', { id: k.id })} info={kycStatus(k.status)} status={k.status} />
      <FieldList
        rows={[
          [translate('tp.common.user'), `${k.user_account} (ID ${k.user_id})`],
          [translate('tp.kyc.name'), <strong>{k.name}</strong>],
          [translate('tp.kyc.card_id'), <code>{k.card_id}</code>],
          [
            translate('tp.kyc.birth_date'),
            birth
              ? `${k.birth_date} (${translate('tp.kyc.age', { age: fullYears(birth, utcDateOf(Date.now())) })})`
              : translate('tp.kyc.none_given'),
          ],
          [translate('tp.kyc.address'), k.address || translate('tp.kyc.none_given')],
          [
            translate('tp.kyc.doc_type'),
            k.doc_type ? translate(`tp.kyc.doc_types.${k.doc_type}`) : translate('tp.kyc.none_given'),
          ],
          [translate('tp.kyc.doc_expiry'), <ExpiryText application={k} />],
          [translate('tp.common.submitted'), formatTime(k.created_at, locale)],
          [translate('tp.common.reviewed'), reviewed(k.reviewed_at, k.reviewed_by)],
          [translate('tp.common.remark'), k.remark],
        ]}
      />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 2 }} data-testid="kyc-images">
        <ImageThumb src={k.front_url} label={translate('tp.kyc.front')} />
        <ImageThumb src={k.reverse_url} label={translate('tp.kyc.back')} />
        <ImageThumb src={k.selfie_url} label={translate('tp.kyc.selfie')} />
        <ImageThumb src={k.address_proof_url} label={translate('tp.kyc.address_proof')} />
      </Box>
      {k.previous.length > 0 && (
        <Box sx={{ mt: 2 }} data-testid="kyc-previous">
          <Typography variant="subtitle2">{translate('tp.kyc.previous')}</Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5, fontSize: 14 }}>
            {k.previous.map((p) => (
              <li key={p.id}>
                {translate('tp.kyc.previous_row', {
                  id: p.id,
                  date: formatTime(p.created_at, locale),
                  status: translate(kycStatus(p.status).key, { status: p.status }),
                })}
                {p.remark && (
                  <Typography component="div" variant="body2" color="text.secondary">
                    {p.remark}
                  </Typography>
                )}
              </li>
            ))}
          </Box>
        </Box>
      )}
      {k.status === KYC_WAITING && (
        <Decision
          approveSummary={translate('tp.kyc.approve_summary', { name: k.name })}
          rejectSummary={translate('tp.kyc.reject_summary')}
          moreSummary={translate('tp.kyc.more_summary')}
          onApprove={() =>
            dataProvider.approve('kyc', k.id).then((r) => changed({ status: r?.status ?? KYC_APPROVED, remark: '' }))
          }
          onReject={(remark) =>
            dataProvider
              .reject('kyc', k.id, { remark })
              .then((r) => changed({ status: r?.status ?? KYC_REJECTED, remark: r?.remark ?? remark }))
          }
          onMore={askMore}
        />
      )}
      {k.status === KYC_APPROVED && k.expired_at !== null && (
        <>
          <Typography variant="body2" color="error" sx={{ mt: 2 }}>
            {translate('tp.kyc.expired_more')}
          </Typography>
          <Decision
            moreOnly
            approveSummary=""
            rejectSummary=""
            moreSummary={translate('tp.kyc.more_summary')}
            onApprove={() => Promise.resolve()}
            onMore={askMore}
          />
        </>
      )}
    </>
  );
}
