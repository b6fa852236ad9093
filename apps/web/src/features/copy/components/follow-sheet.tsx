import { useState } from 'react';
import { COPY_MODES, type CopyModeName } from '@tradepad/contracts/copy/constants';
import type { StrategyDetail } from '@tradepad/contracts/copy/schemas';
import { formatMoney as microsText } from '@tradepad/domain/money';
import { useTranslation } from '../../../i18n/i18n.ts';
import { formatMoney, formatPercentValue, formatQuantity } from '../../../i18n/format.ts';
import { useAccountSummary } from '../../../shared/api/account-summary.api.ts';
import { isApiError } from '../../../shared/api/api-error.ts';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { Popup } from '../../../shared/ui/antd.ts';
import { Segmented } from '../../../shared/ui/segmented.tsx';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { toastMessage } from '../../../shared/ui/toast.ts';
import { useFollow } from '../api/follow.api.ts';
import {
  checkFollow,
  followableCash,
  MAX_EQUITY_STOP,
  MODE_VALUE,
  normalizeDecimal,
  yearlyManagementFee,
  type FollowCheck,
} from '../hooks/follow-form.ts';
import { SheetHead } from './sheet-head.tsx';

/**
 * The follow sheet (DESIGN §18): how much to move into the copy account (checked against the strategy's minimum and
 * the cash the trader has free, both shown), how copies are sized, the equity stop, what the fees come to, then
 * confirm. The server's refusal is shown under the button in the trader's language.
 */
export function FollowSheet({ strategy, onClose }: { strategy: StrategyDetail | null; onClose(): void }) {
  const [shown, setShown] = useState(strategy);
  if (strategy && strategy !== shown) setShown(strategy);
  return (
    <Popup
      visible={strategy !== null}
      position="bottom"
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="copy-sheet-body"
      destroyOnClose
    >
      {shown && <FollowForm key={shown.id} strategy={shown} onDone={onClose} />}
    </Popup>
  );
}

function FollowForm({ strategy: s, onDone }: { strategy: StrategyDetail; onDone(): void }) {
  const { t } = useTranslation();
  const lang = useSettingsStore((st) => st.lang);
  const summary = useAccountSummary();
  const follow = useFollow();
  const [amount, setAmount] = useState('');
  const [mode, setMode] = useState<CopyModeName>('proportional');
  const [value, setValue] = useState(MODE_VALUE.proportional.initial);
  const [equityStop, setEquityStop] = useState('');
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState('');

  const available = summary.data ? followableCash(summary.data.cash, summary.data.free_margin) : null;
  const check: FollowCheck = checkFollow(
    { amount, mode, value, equityStop },
    { min: s.min_investment, available: available ?? '0' },
  );
  // The figures in a message written as the trader reads them: money with its grouping, lots and ratios as typed.
  const problem = (p: FollowCheck['amount'], format: (v: string) => string = String) =>
    p ? t(p.key, Object.fromEntries(Object.entries(p.values ?? {}).map(([k, v]) => [k, format(String(v))]))) : undefined;
  const money = (v: string) => formatMoney(v, lang);
  const lots = (v: string) => formatQuantity(v, lang);
  // The management fee's yearly amount on what is typed, or on the minimum until a valid amount is.
  const feeBase = amount && !check.amount ? normalizeDecimal(amount) : s.min_investment;
  const yearly = yearlyManagementFee(feeBase, s.management_fee_percent);

  const changeMode = (next: CopyModeName) => {
    setMode(next);
    setValue(MODE_VALUE[next].initial);
  };

  const submit = async () => {
    setTried(true);
    setRefusal('');
    if (!check.params || follow.isPending || available === null) return;
    try {
      await follow.mutateAsync({ strategy_id: s.id, ...check.params });
      toastMessage(t('copy.follow.done', { name: s.name }));
      onDone();
    } catch (e) {
      setRefusal(isApiError(e) ? e.message : t('copy.follow.failed'));
    }
  };

  return (
    <form
      className="copy-sheet"
      data-testid="copy-follow-sheet"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <SheetHead title={t('copy.follow.title', { name: s.name })} onClose={onDone} />

      <TextField
        label={t('copy.follow.amount')}
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        placeholder={formatMoney(s.min_investment, lang)}
        onChange={(e) => setAmount(e.target.value)}
        suffix={<span className="copy-unit">USD</span>}
        testId="copy-amount"
        aria-invalid={tried && !!check.amount}
        hint={
          <>
            <span className="copy-limits" data-testid="copy-limits">
              {t('copy.follow.limits', {
                min: formatMoney(s.min_investment, lang),
                available: available === null ? '--' : formatMoney(available, lang),
              })}
            </span>
            {tried && check.amount && (
              <span className="copy-field-error" role="alert" data-testid="copy-amount-error">
                {problem(check.amount, money)}
              </span>
            )}
          </>
        }
      />

      <fieldset className="copy-fieldset">
        <legend className="field-label">{t('copy.follow.mode')}</legend>
        <Segmented<CopyModeName>
          label={t('copy.follow.mode')}
          value={mode}
          onChange={changeMode}
          options={COPY_MODES.map((m) => ({ value: m, label: t(`copy.mode.${m}.name`), testId: `copy-mode-${m}` }))}
        />
        <p className="copy-mode-explain" data-testid="copy-mode-explain">
          {t(`copy.mode.${mode}.explain`)}
        </p>
        <TextField
          label={t(`copy.mode.${mode}.value`)}
          inputMode="decimal"
          autoComplete="off"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          testId="copy-value"
          aria-invalid={tried && !!check.value}
          hint={
            tried && check.value ? (
              <span className="copy-field-error" role="alert">
                {problem(check.value, lots)}
              </span>
            ) : undefined
          }
        />
      </fieldset>

      <TextField
        label={t('copy.follow.equityStop')}
        inputMode="numeric"
        autoComplete="off"
        value={equityStop}
        placeholder={t('copy.follow.equityStopNone')}
        onChange={(e) => setEquityStop(e.target.value)}
        suffix={<span className="copy-unit">%</span>}
        testId="copy-equity-stop"
        aria-invalid={tried && !!check.equityStop}
        hint={
          <>
            <span>{t('copy.follow.equityStopHint', { max: MAX_EQUITY_STOP })}</span>
            {tried && check.equityStop && (
              <span className="copy-field-error" role="alert">
                {problem(check.equityStop)}
              </span>
            )}
          </>
        }
      />

      <section className="copy-fees" aria-labelledby="copy-fees-title" data-testid="copy-fees">
        <h3 id="copy-fees-title" className="copy-fees-title">
          {t('copy.follow.fees')}
        </h3>
        <p>{t('copy.follow.performanceFee', { percent: formatPercentValue(Number(s.performance_fee_percent), lang) })}</p>
        <p>
          {t('copy.follow.managementFee', {
            percent: formatPercentValue(Number(s.management_fee_percent), lang),
            yearly: yearly === null ? '--' : formatMoney(microsText(yearly), lang),
            amount: formatMoney(feeBase, lang),
          })}
        </p>
        <p>{t('copy.follow.fairness')}</p>
      </section>

      {refusal && (
        <p className="copy-refusal" role="alert" data-testid="copy-follow-refusal">
          {refusal}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={follow.isPending} data-testid="copy-follow-confirm">
        {t('copy.follow.confirm')}
      </button>
    </form>
  );
}
