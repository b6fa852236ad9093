import { useTranslation } from '../../../i18n/i18n.ts';
import { DRAW_BANK, RECORD_COMPLETED, type WithdrawalRecord } from '@tradepad/contracts/wallet/constants';
import { formatDecimal } from '../../../i18n/format.ts';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { useWithdrawals, withdrawalsKey } from '../api/withdrawals.api.ts';
import { maskAccount, networkOf } from './method-text.ts';
import { feeText, RecordBadge, timeText } from './record-status.tsx';
import { RecordsPage } from './records-page.tsx';

/** /mine/withdraw?view=records: every withdrawal with its amount, fee, what arrives, status and remarks. */
export function WithdrawalRecords() {
  const { t } = useTranslation();
  const lang = useSettingsStore((s) => s.lang);
  return (
    <RecordsPage<WithdrawalRecord>
      name="withdrawRecords"
      title={t('withdraw.records')}
      back="/mine/withdraw"
      query={useWithdrawals()}
      queryKey={withdrawalsKey}
      testId="withdrawal-records"
      empty={{ title: t('withdraw.emptyRecords'), hint: t('withdraw.emptyRecordsHint'), action: t('route.withdraw') }}
      row={(r) => {
        const to = r.type === DRAW_BANK ? `${r.bank_name} ${maskAccount(r.payee_account)}` : r.address;
        const code = [r.draw_currency.code, networkOf(r.draw_currency.code, r.draw_currency.protocol)].filter(Boolean).join(' ');
        return (
          <li key={r.id} className="record-row" data-testid={`withdrawal-${r.id}`}>
            <span className="record-line">
              <span className="record-title">
                {r.type === DRAW_BANK ? t('withdraw.bank') : t('withdraw.coin')} · <bdi>{code}</bdi>
              </span>
              <RecordBadge status={r.status} testId={`withdrawal-status-${r.id}`} />
            </span>
            <span className="record-line">
              <span className="record-amount num price">{formatDecimal(r.number, lang, 2)} USD</span>
            </span>
            <span className="record-meta">
              <span>
                {t('withdraw.fee')} <span className="num price">{feeText(r.fee, lang)} USD</span>
              </span>
              <span>
                {t('withdraw.received')}{' '}
                <span className="num price">
                  {formatDecimal(r.real_number, lang, 2)} {r.draw_currency.code}
                </span>
              </span>
            </span>
            {to && <span className="record-meta method-detail">{to}</span>}
            <span className="record-meta num">{timeText(r.created_at, lang)}</span>
            {r.notes && <span className="record-meta">{t('withdraw.memoShown', { memo: r.notes })}</span>}
            {r.status === RECORD_COMPLETED && r.transfer_ref && (
              <span className="record-meta">
                {t('withdraw.transferRef')} <bdi className="method-detail">{r.transfer_ref}</bdi>
              </span>
            )}
            {r.remark && r.status !== RECORD_COMPLETED && (
              <p className="record-remark" data-testid={`withdrawal-remark-${r.id}`}>
                {t('record.remark', { remark: r.remark })}
              </p>
            )}
          </li>
        );
      }}
    />
  );
}
