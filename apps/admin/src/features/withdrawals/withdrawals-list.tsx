import { ADMIN_API } from '@tradepad/contracts/api-paths';
import type { WithdrawalReview } from '@tradepad/contracts/staff/review';
import { DRAW_BANK, RECORD_COMPLETED, RECORD_REJECTED, RECORD_UNREVIEWED } from '@tradepad/contracts/wallet/constants';
import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { FunctionField, useDataProvider, useTranslate } from 'react-admin';
import type { AdminDataProvider } from '../../providers/data-provider.ts';
import { IdCell, TimeCell, UserCell, useReviewedText, useTimeLocale } from '../../ui/cells.tsx';
import { CopyText } from '../../ui/copy-text.tsx';
import { Decision } from '../../ui/decision.tsx';
import { FieldList } from '../../ui/field-list.tsx';
import { formatTime, kycStatus, recordStatus } from '../../ui/format.ts';
import { ALL_STATUSES, ReviewHead, ReviewList } from '../../ui/review-list.tsx';
import { StatusChip } from '../../ui/status-chip.tsx';

const status = (w: WithdrawalReview) => recordStatus(w.status, 'paid');
const currency = (w: WithdrawalReview) => (w.protocol ? `${w.code} · ${w.protocol}` : w.code);
const num = { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const;

/** Withdrawals waiting to be paid out (approve with the transfer reference) or refused (the amount is released). */
export function WithdrawalsList() {
  const translate = useTranslate();
  return (
    <ReviewList<WithdrawalReview>
      exportPath={ADMIN_API.withdrawals}
      resource="withdrawals"
      title="tp.withdrawals.title"
      intro="tp.withdrawals.intro"
      statuses={[
        { value: RECORD_UNREVIEWED, label: 'tp.status.unreviewed' },
        { value: RECORD_COMPLETED, label: 'tp.status.paid' },
        { value: RECORD_REJECTED, label: 'tp.status.rejected' },
        { value: ALL_STATUSES, label: 'tp.common.all' },
      ]}
      waiting={RECORD_UNREVIEWED}
      emptyWaiting="tp.withdrawals.empty_waiting"
      emptyOther="tp.withdrawals.empty"
      detail={(w, changed) => <WithdrawalDetail withdrawal={w} changed={changed} />}
    >
      <IdCell label="tp.common.id" />
      <TimeCell source="created_at" label="tp.common.submitted" sortable={false} />
      <UserCell label="tp.common.user" />
      <FunctionField<WithdrawalReview>
        label="tp.withdrawals.pay_to"
        sx={{ whiteSpace: 'nowrap' }}
        render={(w) => (w.type === DRAW_BANK ? translate('tp.withdrawals.bank_of', { currency: w.code }) : currency(w))}
      />
      <FunctionField<WithdrawalReview> label="tp.withdrawals.amount_usd" render={(w) => w.number} textAlign="right" sx={num} />
      <FunctionField<WithdrawalReview>
        label="tp.withdrawals.pays_out"
        render={(w) => `${w.real_number} ${w.code}`}
        textAlign="right"
        sx={num}
      />
      <FunctionField<WithdrawalReview>
        label="tp.common.status"
        render={(w) => <StatusChip info={status(w)} status={w.status} />}
      />
    </ReviewList>
  );
}

function WithdrawalDetail({
  withdrawal: w,
  changed,
}: {
  withdrawal: WithdrawalReview;
  changed: (p: Partial<WithdrawalReview>) => void;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const locale = useTimeLocale();
  const reviewed = useReviewedText();
  const bank = w.type === DRAW_BANK;
  const payTo: Array<[string, ReactNode]> = bank
    ? [
        [translate('tp.withdrawals.bank'), w.bank_name],
        [translate('tp.withdrawals.payee_name'), w.payee_name],
        [translate('tp.withdrawals.payee_account'), <CopyText text={w.payee_account} />],
      ]
    : [
        [translate('tp.common.network'), w.protocol],
        [translate('tp.withdrawals.address'), <CopyText text={w.address} />],
      ];
  return (
    <>
      <ReviewHead title={translate('tp.withdrawals.detail_title', { id: w.id })} info={status(w)} status={w.status} />
      <FieldList
        rows={[
          [translate('tp.common.user'), `${w.user_account} (ID ${w.user_id})`],
          [translate('tp.withdrawals.real_name'), <StatusChip info={kycStatus(w.kyc_status)} status={w.kyc_status} />],
          [translate('tp.common.amount'), <Box sx={num} component="span">{`${w.number} USD`}</Box>],
          [translate('tp.withdrawals.fee'), <Box sx={num} component="span">{`${w.fee} USD`}</Box>],
          [
            translate('tp.withdrawals.pays_out'),
            <Box sx={{ ...num, fontWeight: 600 }} component="span">{`${w.real_number} ${w.code}`}</Box>,
          ],
          [
            translate('tp.withdrawals.method'),
            translate(bank ? 'tp.withdrawals.method_bank' : 'tp.withdrawals.method_coin', {
              currency: bank ? w.code : currency(w),
            }),
          ],
          ...payTo,
          [translate('tp.withdrawals.memo'), w.memo],
          [translate('tp.common.submitted'), formatTime(w.created_at, locale)],
          [translate('tp.common.reviewed'), reviewed(w.reviewed_at, w.reviewed_by)],
          [translate('tp.decision.transfer_ref'), w.transfer_ref ? <CopyText text={w.transfer_ref} /> : ''],
          [translate('tp.common.remark'), w.remark],
        ]}
      />
      {w.status === RECORD_UNREVIEWED && (
        <Decision
          askTransferRef
          approveSummary={translate(bank ? 'tp.withdrawals.approve_summary_bank' : 'tp.withdrawals.approve_summary_coin', {
            pays: `${w.real_number} ${w.code}`,
            payee: w.payee_name,
            usd: w.number,
          })}
          rejectSummary={translate('tp.withdrawals.reject_summary', { usd: w.number })}
          onApprove={(ref) =>
            dataProvider
              .approve('withdrawals', w.id, { transfer_ref: ref })
              .then((r) => changed({ status: r?.status ?? RECORD_COMPLETED, remark: '', transfer_ref: r?.transfer_ref ?? ref }))
          }
          onReject={(remark) =>
            dataProvider
              .reject('withdrawals', w.id, { remark })
              .then((r) => changed({ status: r?.status ?? RECORD_REJECTED, remark: r?.remark ?? remark }))
          }
        />
      )}
    </>
  );
}
