import { useState } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { AssetIcon } from './asset-icon.tsx';
import { Link, useNavigate, useSearchParams } from '../../../shared/router/router.tsx';
import { AddOutline, BankcardOutline, CheckCircleFill } from 'antd-mobile-icons';
import {
  DRAW_BANK,
  DRAW_COIN,
  KYC_APPROVED,
  type DrawCurrency,
  type DrawMethod,
  type DrawType,
} from '@tradepad/contracts/wallet/constants';
import { formatDateTime, formatDecimal, formatQuantity } from '../../../i18n/format.ts';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { Dialog, Popup } from '../../../shared/ui/antd.ts';
import { Form, SubmitButton } from '../../../shared/ui/form.tsx';
import { NoData } from '../../../shared/ui/no-data.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { Segmented } from '../../../shared/ui/segmented.tsx';
import { SkeletonCard } from '../../../shared/ui/skeleton-card.tsx';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { useFieldCheck } from '../../../shared/ui/use-field-check.ts';
import { useSingleFlight } from '../../../shared/ui/use-single-flight.ts';
import { useDrawMethods } from '../api/draw-methods.api.ts';
import { useDraw, useDrawConfig, useDrawSymbols } from '../api/withdrawals.api.ts';
import { checkAmount, truncateAmount } from '../hooks/amount-check.ts';
import { withdrawalFigures } from '../hooks/money-figures.ts';
import { ChoiceChips } from './choice-chips.tsx';
import { methodDestination, methodDetail, methodTitle, networkOf } from './method-text.ts';
import { OwnerCodeField } from './owner-code-field.tsx';
import { WithdrawalRecords } from './withdrawal-records.tsx';
import '../../../shared/market/market.css';
import '../../../shared/ui/form.css';
import './wallet.css';

type FieldName = 'method' | 'amount' | 'code';

/** A value kept in its own direction inside a sentence (an amount or an address in Arabic text). */
const isolate = (text: string) => `\u2068${text}\u2069`;

/** What the final "send X to Y" step shows before anything is sent. */
interface Pending {
  amount: string;
  fee: string;
  received: string;
  to: string;
  method: DrawMethod;
}

/**
 * /mine/withdraw (spec §2, §5): to a bound coin address or bank account of the chosen currency, an amount in USD up
 * to the free balance, with the fee and the received amount worked out as one types. `?view=records` lists them.
 */
export default function WithdrawPage() {
  const [params] = useSearchParams();
  return params.get('view') === 'records' ? <WithdrawalRecords /> : <WithdrawForm />;
}

function WithdrawForm() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const type: DrawType = params.get('type') === String(DRAW_BANK) ? DRAW_BANK : DRAW_COIN;
  const config = useDrawConfig();
  const blocked = config.data && config.data.kyc_required && config.data.review_status !== KYC_APPROVED;

  let body;
  if (config.isPending) body = <FormSkeleton />;
  else if (config.isError) {
    body = (
      <NoData
        title={t('wallet.loadError')}
        action={
          <button type="button" className="no-data-action" onClick={() => void config.refetch()}>
            {t('common.reload')}
          </button>
        }
      />
    );
  } else if (blocked) {
    body = (
      <div className="wallet-card" data-testid="withdraw-kyc-required">
        <p className="wallet-notice is-warning">{t('withdraw.kycRequired')}</p>
        <Link to="/mine/auth" className="btn btn-primary btn-block" data-testid="withdraw-go-auth">
          {t('withdraw.goAuth')}
        </Link>
      </div>
    );
  } else {
    body = (
      <>
        <Segmented
          label={t('withdraw.type')}
          value={type === DRAW_BANK ? 'bank' : 'coin'}
          onChange={(v) => setParams(v === 'bank' ? { type: String(DRAW_BANK) } : {}, { replace: true })}
          options={[
            { value: 'coin', label: t('withdraw.coin'), testId: 'withdraw-tab-coin' },
            { value: 'bank', label: t('withdraw.bank'), testId: 'withdraw-tab-bank' },
          ]}
        />
        <WithdrawFields key={type} type={type} freeBalance={config.data?.free_balance ?? '0'} />
      </>
    );
  }

  return (
    <Page
      name="withdraw"
      title={t('route.withdraw')}
      back="/user"
      bodyClassName="wallet-body"
      right={
        <Link to="/mine/withdraw?view=records" className="icon-button top-bar-link" data-testid="withdraw-records-link">
          {t('wallet.records')}
        </Link>
      }
    >
      {body}
    </Page>
  );
}

function FormSkeleton() {
  return <SkeletonCard className="wallet-card" bars={['100%/44', '50%/16', '100%/56', '100%/50']} />;
}

function WithdrawFields({ type, freeBalance }: { type: DrawType; freeBalance: string }) {
  const { t } = useTranslation();
  const lang = useSettingsStore((s) => s.lang);
  const navigate = useNavigate();
  const currencies = useDrawSymbols(type);
  const [chosenCurrency, setChosenCurrency] = useState<number | null>(null);
  const list = currencies.data ?? [];
  const currency: DrawCurrency | undefined = list.find((c) => c.id === chosenCurrency) ?? list[0];
  const methods = useDrawMethods(type, currency?.id ?? null);
  const [chosenMethod, setChosenMethod] = useState<number | null>(null);
  const bound = methods.data ?? [];
  const method: DrawMethod | undefined = bound.find((m) => m.id === chosenMethod) ?? (bound.length === 1 ? bound[0] : undefined);
  const [amount, setAmount] = useState('');
  const [memo, setMemo] = useState('');
  const [code, setCode] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const check = useFieldCheck<FieldName>();
  const flight = useSingleFlight();
  const draw = useDraw();

  if (currencies.isPending) return <FormSkeleton />;
  if (!currency) {
    return <NoData title={t('withdraw.noChannels')} hint={t('withdraw.noChannelsHint')} />;
  }

  const bindPath = `/mine/withdraw-way?type=${type}&draw_id=${currency.id}`;
  const offerBind = async () => {
    const ok = await Dialog.confirm({
      title: t(type === DRAW_BANK ? 'withdraw.noBank' : 'withdraw.noAddress'),
      content: t(type === DRAW_BANK ? 'withdraw.bindBankFirst' : 'withdraw.bindAddressFirst', { code: currency.code }),
      confirmText: t('withdraw.goBind'),
      cancelText: t('common.cancel'),
    });
    if (ok) void navigate(bindPath);
  };

  const figures = withdrawalFigures(amount, currency);
  const free = formatDecimal(freeBalance, lang, 2);
  const unit = currency.code;
  const minText = formatQuantity(currency.min_amount, lang);
  const limits = /[1-9]/.test(currency.max_amount)
    ? t('wallet.limits', { min: minText, max: formatQuantity(currency.max_amount, lang), unit: 'USD' })
    : t('wallet.limitsMin', { min: minText, unit: 'USD' });

  const onHold = (m: DrawMethod) => m.usable_at > Date.now();
  const usableText = (m: DrawMethod) => formatDateTime(m.usable_at, lang);

  /** Checks the form, then asks for the final confirmation: nothing is sent before it. */
  const submit = () =>
    flight.run(async () => {
      if (!method) {
        if (!methods.isPending && bound.length === 0) {
          await offerBind();
          return;
        }
        return void check.refuse('method', type === DRAW_BANK ? 'withdraw.pickBank' : 'withdraw.pickAddress');
      }
      if (onHold(method)) return void check.refuse('method', 'withdraw.onHold', { time: usableText(method) });
      const result = checkAmount(amount, currency, freeBalance);
      if (!result.ok) return void check.refuse('amount', result.refusal.key, result.refusal.values);
      if (!code.trim()) return void check.refuse('code', 'withdraw.codeRequired');
      check.clear();
      const f = withdrawalFigures(result.amount, currency);
      setPending({
        amount: `${formatDecimal(result.amount, lang, 2)} USD`,
        fee: f ? `${formatDecimal(f.fee, lang, Math.max(2, f.fee.split('.')[1]?.length ?? 2))} USD` : '--',
        received: f ? `${formatDecimal(f.received, lang, 2)} ${unit}` : '--',
        to: methodDestination(method),
        method,
      });
    });

  /** The confirmed withdrawal: sent once, with the code. */
  const confirm = () =>
    flight.run(async () => {
      if (!pending) return;
      const result = checkAmount(amount, currency, freeBalance);
      if (!result.ok) return void setPending(null);
      try {
        await draw.mutateAsync({
          draw_currency_id: currency.id,
          number: result.amount,
          draw_method_id: pending.method.id,
          memo: memo.trim(),
          auth_code: code.trim(),
        });
      } catch {
        setPending(null);
        return; // The API client showed the server's message.
      }
      setPending(null);
      setAmount('');
      setMemo('');
      setCode('');
      void navigate('/mine/withdraw?view=records');
    });

  return (
    <Form className="wallet-form" busy={flight.busy} onSubmit={submit}>
      <ChoiceChips
        label={t('withdraw.currency')}
        value={currency.id}
        onChange={(id) => {
          setChosenCurrency(id);
          setChosenMethod(null);
        }}
        options={list.map((c) => ({
          value: c.id,
          label: c.code,
          sub: networkOf(c.code, c.protocol) || undefined,
          testId: `withdraw-currency-${c.code}${c.protocol ? `-${c.protocol}` : ''}`,
        }))}
      />
      <div className="field">
        <span className="field-label" id="withdraw-method-label">
          {t(type === DRAW_BANK ? 'withdraw.toBank' : 'withdraw.toAddress')}
        </span>
        {methods.isPending ? (
          <span className="sk" style={{ width: '100%', height: 56 }} aria-hidden="true" />
        ) : (
          <ul
            className="method-list"
            role="radiogroup"
            aria-labelledby="withdraw-method-label"
            aria-invalid={check.invalid === 'method'}
          >
            {bound.map((m) => (
              <li key={m.id}>
                <button
                  type="button"
                  role="radio"
                  aria-checked={m.id === method?.id}
                  className={`method-card${m.id === method?.id ? ' is-active' : ''}`}
                  data-testid={`withdraw-method-${m.id}`}
                  onClick={() => setChosenMethod(m.id)}
                >
                  <span className="method-icon" aria-hidden="true">
                    {m.type === DRAW_BANK ? <BankcardOutline /> : <AssetIcon code={m.draw_currency.code} />}
                  </span>
                  <span className="method-text">
                    <span className="method-name">{methodTitle(m)}</span>
                    <span className="method-detail">{methodDetail(m)}</span>
                    {onHold(m) && (
                      <span className="method-hold" data-testid={`withdraw-method-hold-${m.id}`}>
                        {t('withdraw.usableFrom', { time: usableText(m) })}
                      </span>
                    )}
                  </span>
                  {m.id === method?.id && <CheckCircleFill color="var(--tp-primary)" fontSize={20} aria-hidden />}
                </button>
              </li>
            ))}
            <li>
              <button
                type="button"
                className="method-add"
                data-testid="withdraw-add-method"
                onClick={() => (bound.length === 0 ? void offerBind() : void navigate(bindPath))}
              >
                <AddOutline aria-hidden />
                {t(type === DRAW_BANK ? 'method.addBank' : 'method.addAddress')}
              </button>
            </li>
          </ul>
        )}
      </div>
      <TextField
        label={t('withdraw.amount')}
        inputMode="decimal"
        autoComplete="off"
        placeholder={t('withdraw.amountPlaceholder')}
        value={amount}
        aria-invalid={check.invalid === 'amount'}
        testId="withdraw-amount"
        onChange={(e) => setAmount(e.target.value)}
        suffix={
          <>
            <span className="field-unit">USD</span>
            <button
              type="button"
              className="field-text-button"
              data-testid="withdraw-all"
              onClick={() => setAmount(truncateAmount(freeBalance, currency.precision))}
            >
              {t('withdraw.all')}
            </button>
          </>
        }
        hint={
          <>
            <span>
              {t('withdraw.available')}{' '}
              <span className="num price" data-testid="withdraw-free">
                {free} USD
              </span>
            </span>
            {' · '}
            <span className="limit-hint">{limits}</span>
          </>
        }
      />
      <dl className="figure-list" aria-live="polite">
        <div className="figure-row">
          <dt>{t('withdraw.fee')}</dt>
          <dd className="num" data-testid="withdraw-fee">
            {figures ? `${formatDecimal(figures.fee, lang, Math.max(2, figures.fee.split('.')[1]?.length ?? 2))} USD` : '--'}
          </dd>
        </div>
        <div className="figure-row">
          <dt>{t('withdraw.received')}</dt>
          <dd className="num" data-testid="withdraw-received">
            {figures ? `${formatDecimal(figures.received, lang, 2)} ${unit}` : '--'}
          </dd>
        </div>
      </dl>
      <TextField
        label={t('withdraw.memo')}
        autoComplete="off"
        placeholder={t('withdraw.memoPlaceholder')}
        value={memo}
        maxLength={200}
        testId="withdraw-memo"
        onChange={(e) => setMemo(e.target.value)}
      />
      <OwnerCodeField
        value={code}
        onChange={setCode}
        invalid={check.invalid === 'code'}
        testIds={['withdraw-code', 'withdraw-send-code']}
      />
      <SubmitButton busy={flight.busy} testId="withdraw-submit">
        {flight.busy ? t('common.sending') : t('withdraw.submit')}
      </SubmitButton>
      <Popup
        visible={pending !== null}
        onMaskClick={() => !flight.busy && setPending(null)}
        onClose={() => setPending(null)}
        bodyClassName="withdraw-confirm"
        destroyOnClose
      >
        {pending && (
          <div role="dialog" aria-modal="true" aria-labelledby="withdraw-confirm-title" data-testid="withdraw-confirm">
            <h2 id="withdraw-confirm-title" className="withdraw-confirm-title">
              {t('withdraw.confirmTitle')}
            </h2>
            <p className="withdraw-confirm-line" data-testid="withdraw-confirm-line">
              {t('withdraw.confirmSend', { amount: isolate(pending.amount), to: isolate(pending.to) })}
            </p>
            <dl className="figure-list">
              <div className="figure-row">
                <dt>{t('withdraw.amount')}</dt>
                <dd className="num" data-testid="withdraw-confirm-amount">
                  {pending.amount}
                </dd>
              </div>
              <div className="figure-row">
                <dt>{t('withdraw.fee')}</dt>
                <dd className="num" data-testid="withdraw-confirm-fee">
                  {pending.fee}
                </dd>
              </div>
              <div className="figure-row">
                <dt>{t('withdraw.received')}</dt>
                <dd className="num" data-testid="withdraw-confirm-received">
                  {pending.received}
                </dd>
              </div>
              <div className="figure-row">
                <dt>{t('withdraw.confirmTo')}</dt>
                <dd className="num withdraw-confirm-to" data-testid="withdraw-confirm-to" dir="ltr">
                  {pending.to}
                </dd>
              </div>
            </dl>
            <div className="withdraw-confirm-actions">
              <button
                type="button"
                className="btn btn-block"
                data-testid="withdraw-confirm-cancel"
                disabled={flight.busy}
                onClick={() => setPending(null)}
              >
                {t('common.cancel')}
              </button>
              <button
                type="button"
                className="btn btn-primary btn-block"
                data-testid="withdraw-confirm-submit"
                disabled={flight.busy}
                onClick={() => void confirm()}
              >
                {flight.busy ? t('common.sending') : t('withdraw.confirm')}
              </button>
            </div>
          </div>
        )}
      </Popup>
    </Form>
  );
}
