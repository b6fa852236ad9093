import { ADMIN_API } from '@tradepad/contracts/api-paths';
import type { DepositReview } from '@tradepad/contracts/staff/review';
import {
  DEPOSIT_BANK,
  RECORD_COMPLETED,
  RECORD_INVALID,
  RECORD_REJECTED,
  RECORD_UNREVIEWED,
} from '@tradepad/contracts/wallet/constants';
import { Alert, Box, Chip, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { FunctionField, useDataProvider, useTranslate } from 'react-admin';
import type { AdminDataProvider } from '../../providers/data-provider.ts';
import { IdCell, TimeCell, UserCell, useReviewedText, useTimeLocale } from '../../ui/cells.tsx';
import { CopyText } from '../../ui/copy-text.tsx';
import { Decision } from '../../ui/decision.tsx';
import { FieldList } from '../../ui/field-list.tsx';
import { formatTime, recordStatus } from '../../ui/format.ts';
import { ImageThumb } from '../../ui/image-thumb.tsx';
import { ALL_STATUSES, ReviewHead, ReviewList } from '../../ui/review-list.tsx';
import { StatusChip } from '../../ui/status-chip.tsx';

const status = (d: DepositReview) => recordStatus(d.status, 'credited');
const num = { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const;

function useCurrency() {
  const translate = useTranslate();
  return (d: DepositReview) =>
    d.type === DEPOSIT_BANK
      ? translate('tp.deposits.wire_of', { currency: d.currency_code })
      : `${d.currency_code} · ${d.protocol_code}`;
}

/** Deposits waiting for staff to check the proof and credit the user (DESIGN §6: 0 → 1 | 2 | 3). */
export function DepositsList() {
  const currency = useCurrency();
  return (
    <ReviewList<DepositReview>
      exportPath={ADMIN_API.deposits}
      resource="deposits"
      title="tp.deposits.title"
      intro="tp.deposits.intro"
      statuses={[
        { value: RECORD_UNREVIEWED, label: 'tp.status.unreviewed' },
        { value: RECORD_COMPLETED, label: 'tp.status.credited' },
        { value: RECORD_REJECTED, label: 'tp.status.rejected' },
        { value: RECORD_INVALID, label: 'tp.status.invalid' },
        { value: ALL_STATUSES, label: 'tp.common.all' },
      ]}
      waiting={RECORD_UNREVIEWED}
      emptyWaiting="tp.deposits.empty_waiting"
      emptyOther="tp.deposits.empty"
      detail={(d, changed) => <DepositDetail deposit={d} changed={changed} />}
    >
      <IdCell label="tp.common.id" />
      <TimeCell source="created_at" label="tp.common.submitted" sortable={false} />
      <UserCell label="tp.common.user" />
      <FunctionField<DepositReview> label="tp.common.currency" render={currency} sx={{ whiteSpace: 'nowrap' }} />
      <FunctionField<DepositReview> label="tp.common.amount" render={(d) => d.number} textAlign="right" sx={num} />
      <FunctionField<DepositReview> label="tp.deposits.credit_usd" render={(d) => d.usd_amount} textAlign="right" sx={num} />
      <FunctionField<DepositReview>
        label="tp.common.status"
        render={(d) => (
          <Stack direction="column" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
            <StatusChip info={status(d)} status={d.status} />
            <DuplicateChip deposit={d} />
          </Stack>
        )}
      />
    </ReviewList>
  );
}

const idsText = (ids: readonly number[]) => ids.join(', #');

/** A warning that the proof is the same image as another deposit's (the server compares the image content). */
function DuplicateChip({ deposit: d }: { deposit: DepositReview }) {
  const translate = useTranslate();
  if (d.duplicate_of.length === 0) return null;
  return <Chip size="small" color="warning" label={translate('tp.deposits.duplicate', { ids: idsText(d.duplicate_of) })} />;
}

function DepositDetail({ deposit: d, changed }: { deposit: DepositReview; changed: (p: Partial<DepositReview>) => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const currency = useCurrency();
  const locale = useTimeLocale();
  const reviewed = useReviewedText();
  const bank = d.type === DEPOSIT_BANK;
  return (
    <>
      <ReviewHead title={translate('tp.deposits.detail_title', { id: d.id })} info={status(d)} status={d.status} />
      {d.duplicate_of.length > 0 && (
        <Alert severity="warning" sx={{ mb: 1.5 }}>
          {translate('tp.deposits.duplicate_alert', { ids: idsText(d.duplicate_of) })}
        </Alert>
      )}
      <FieldList
        rows={[
          [translate('tp.common.user'), `${d.user_account} (ID ${d.user_id})`],
          [translate('tp.common.type'), translate(bank ? 'tp.deposits.bank_wire' : 'tp.deposits.coin_transfer')],
          [translate(bank ? 'tp.common.currency' : 'tp.deposits.currency_network'), currency(d)],
          [translate('tp.common.amount'), <Box sx={num} component="span">{`${d.number} ${d.currency_code}`}</Box>],
          [translate('tp.deposits.credit'), <Box sx={num} component="span">{`${d.usd_amount} USD`}</Box>],
          ...(bank ? [] : [[translate('tp.deposits.sent_from'), <CopyText text={d.from_address} />] as [string, ReactNode]]),
          [translate('tp.common.submitted'), formatTime(d.created_at, locale)],
          [translate('tp.common.reviewed'), reviewed(d.reviewed_at, d.reviewed_by)],
          [translate('tp.common.remark'), d.remark],
        ]}
      />
      <Box sx={{ mt: 2 }}>
        <ImageThumb src={d.proof_url} label={translate('tp.deposits.proof')} />
      </Box>
      {d.status === RECORD_UNREVIEWED && (
        <Decision
          approveSummary={translate(bank ? 'tp.deposits.approve_summary_wire' : 'tp.deposits.approve_summary_coin', {
            usd: d.usd_amount,
            user: d.user_account,
            amount: d.number,
            currency: d.currency_code,
          })}
          rejectSummary={translate('tp.deposits.reject_summary')}
          rejectOptions={[
            { value: RECORD_REJECTED, label: 'tp.deposits.reject' },
            { value: RECORD_INVALID, label: 'tp.deposits.mark_invalid' },
          ]}
          onApprove={() =>
            dataProvider
              .approve('deposits', d.id)
              .then((r) => changed({ status: r?.status ?? RECORD_COMPLETED, remark: r?.remark ?? '' }))
          }
          onReject={(remark, s) =>
            dataProvider.reject('deposits', d.id, s === undefined ? { remark } : { remark, status: s }).then((r) =>
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
