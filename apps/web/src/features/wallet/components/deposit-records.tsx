import { useTranslation } from '../../../i18n/i18n.ts';
import { DEPOSIT_BANK, RECORD_INVALID, RECORD_REJECTED, type DepositRecord } from '@tradepad/contracts/wallet/constants';
import { formatDecimal, formatQuantity } from '../../../i18n/format.ts';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { depositsKey, useDeposits } from '../api/deposit-list.api.ts';
import { networkOf } from './method-text.ts';
import { RecordBadge, timeText } from './record-status.tsx';
import { RecordsPage } from './records-page.tsx';

/** /mine/charge?view=records: every deposit with its status, and the staff's remark when refused (spec §4). */
export function DepositRecords() {
  const { t } = useTranslation();
  const lang = useSettingsStore((s) => s.lang);
  return (
    <RecordsPage<DepositRecord>
      name="chargeRecords"
      title={t('charge.records')}
      back="/mine/charge"
      query={useDeposits()}
      queryKey={depositsKey}
      testId="deposit-records"
      empty={{ title: t('charge.emptyRecords'), hint: t('charge.emptyRecordsHint'), action: t('route.charge') }}
      row={(r) => (
        <li key={r.id} className="record-row" data-testid={`deposit-${r.id}`}>
          <span className="record-line">
            <span className="record-title">
              {r.type === DEPOSIT_BANK ? t('charge.bank') : t('charge.coin')} ·{' '}
              <bdi>{[r.currency_code, networkOf(r.currency_code, r.protocol_code)].filter(Boolean).join(' ')}</bdi>
            </span>
            <RecordBadge status={r.status} testId={`deposit-status-${r.id}`} />
          </span>
          <span className="record-line">
            <span className="record-amount num price" data-testid={`deposit-amount-${r.id}`}>
              {formatQuantity(r.number, lang)} {r.currency_code}
            </span>
            {r.usd_amount && r.currency_code !== 'USD' && (
              <span className="record-meta num price">≈ {formatDecimal(r.usd_amount, lang, 2)} USD</span>
            )}
          </span>
          <span className="record-meta num">{timeText(r.created_at, lang)}</span>
          {(r.status === RECORD_REJECTED || r.status === RECORD_INVALID) && r.remark && (
            <p className="record-remark" data-testid={`deposit-remark-${r.id}`}>
              {t('record.remark', { remark: r.remark })}
            </p>
          )}
        </li>
      )}
    />
  );
}
