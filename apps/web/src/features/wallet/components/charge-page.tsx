import { useState } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { Link, useNavigate, useSearchParams } from '../../../shared/router/router.tsx';
import type { AmountLimits, BankCurrencyOption, DepositCoinOption, UploadResult } from '@tradepad/contracts/wallet/constants';
import { formatDecimal, formatQuantity } from '../../../i18n/format.ts';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { CopyButton } from '../../../shared/ui/copy-button.tsx';
import { Form, SubmitButton } from '../../../shared/ui/form.tsx';
import { ImageField } from '../../../shared/ui/image-field.tsx';
import { NoData } from '../../../shared/ui/no-data.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { QrCode } from '../../../shared/ui/qr-code.tsx';
import { Segmented } from '../../../shared/ui/segmented.tsx';
import { SkeletonCard } from '../../../shared/ui/skeleton-card.tsx';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { useFieldCheck } from '../../../shared/ui/use-field-check.ts';
import { useSingleFlight } from '../../../shared/ui/use-single-flight.ts';
import { useDepositCoins, useDepositSymbols, useWireInfo } from '../api/deposit-channels.api.ts';
import { useSubmitDeposit } from '../api/deposit-submit.api.ts';
import { checkAmount } from '../hooks/amount-check.ts';
import { depositCreditUsd } from '../hooks/money-figures.ts';
import { ChoiceChips } from './choice-chips.tsx';
import { networkOf } from './method-text.ts';
import { DepositRecords } from './deposit-records.tsx';
import '../../../shared/market/market.css';
import '../../../shared/ui/form.css';
import './wallet.css';

type Tab = 'coin' | 'bank';
type FieldName = 'amount' | 'proof';

/**
 * /mine/charge (spec §2, §5): a coin transfer to the broker's address or a bank wire, each reported with its amount
 * and a proof image, then reviewed by staff. `?view=records` lists the deposits made.
 */
export default function ChargePage() {
  const [params] = useSearchParams();
  return params.get('view') === 'records' ? <DepositRecords /> : <ChargeForm />;
}

function ChargeForm() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'bank' ? 'bank' : 'coin';
  return (
    <Page
      name="charge"
      title={t('route.charge')}
      back="/user"
      bodyClassName="wallet-body"
      right={
        <Link to="/mine/charge?view=records" className="icon-button top-bar-link" data-testid="charge-records-link">
          {t('wallet.records')}
        </Link>
      }
    >
      <Segmented
        label={t('charge.method')}
        value={tab}
        onChange={(v) => setParams(v === 'bank' ? { tab: 'bank' } : {}, { replace: true })}
        options={[
          { value: 'coin', label: t('charge.coin'), testId: 'charge-tab-coin' },
          { value: 'bank', label: t('charge.bank'), testId: 'charge-tab-bank' },
        ]}
      />
      {tab === 'coin' ? <CoinDeposit /> : <BankDeposit />}
    </Page>
  );
}

function FormSkeleton() {
  return <SkeletonCard className="wallet-card" bars={['40%/16', '100%/44', '70%/16', '100%/50']} />;
}

/** "Min 10 · Max 100,000 USDT" in the reader's number format. */
function useLimitsText() {
  const { t } = useTranslation();
  const lang = useSettingsStore((s) => s.lang);
  return (limits: AmountLimits, unit: string) => {
    const min = formatQuantity(limits.min_amount, lang);
    const hasMax = /[1-9]/.test(limits.max_amount);
    return hasMax
      ? t('wallet.limits', { min, max: formatQuantity(limits.max_amount, lang), unit })
      : t('wallet.limitsMin', { min, unit });
  };
}

/** A currency worth exactly one USD (USD, USDT): its credit needs no estimate. */
const isOneToOne = (usdPrice: string) => /^1(\.0*)?$/.test(usdPrice.trim());

/** The channel's limits and, for a currency other than USD, about what the deposit credits. */
function AmountHint({ limits, credit }: { limits: string; credit: string | null }) {
  const { t } = useTranslation();
  const lang = useSettingsStore((s) => s.lang);
  return (
    <>
      <span className="limit-hint" data-testid="charge-limits">
        {limits}
      </span>
      {credit && (
        <>
          {' · '}
          <span className="num" data-testid="charge-credit">
            {t('charge.credit', { amount: formatDecimal(credit, lang, 2) })}
          </span>
        </>
      )}
    </>
  );
}

/** The amount with the channel's limits and, for a currency other than USD, about what it credits. */
function AmountField(props: {
  form: ReturnType<typeof useDepositForm>;
  option: AmountLimits & { usd_price: string };
  unit: string;
}) {
  const { t } = useTranslation();
  const limitsText = useLimitsText();
  const { form, option, unit } = props;
  const credit = form.amount && !isOneToOne(option.usd_price) ? depositCreditUsd(form.amount, option.usd_price) : null;
  return (
    <TextField
      label={t('charge.amount', { unit })}
      inputMode="decimal"
      autoComplete="off"
      placeholder={t('charge.amountPlaceholder')}
      value={form.amount}
      aria-invalid={form.check.invalid === 'amount'}
      testId="charge-amount"
      onChange={(e) => form.setAmount(e.target.value)}
      suffix={<span className="field-unit">{unit}</span>}
      hint={<AmountHint limits={limitsText(option, unit)} credit={credit} />}
    />
  );
}

/** The proof image and the submit button, the end of both deposit forms. */
function ProofAndSubmit({ form, hint }: { form: ReturnType<typeof useDepositForm>; hint: string }) {
  const { t } = useTranslation();
  return (
    <>
      <ImageField
        label={t('charge.proof')}
        hint={hint}
        value={form.proof}
        onChange={form.pickProof}
        invalid={form.check.invalid === 'proof'}
        testId="charge-proof"
      />
      <SubmitButton busy={form.busy} testId="charge-submit">
        {form.busy ? t('common.sending') : t('charge.submit')}
      </SubmitButton>
    </>
  );
}

/** The amount, proof and submit part both deposit kinds share. */
function useDepositForm(limits: AmountLimits | undefined) {
  const navigate = useNavigate();
  const [amount, setAmount] = useState('');
  const [proof, setProof] = useState<UploadResult | null>(null);
  const check = useFieldCheck<FieldName>();
  const flight = useSingleFlight();
  const mutation = useSubmitDeposit();

  /** Checks the fields, then sends what `build` makes of the amount and the proof; records show on success. */
  const submit = (build: (amount: string, proofImg: string) => Parameters<typeof mutation.mutateAsync>[0]) =>
    flight.run(async () => {
      if (!limits) return;
      const result = checkAmount(amount, limits);
      if (!result.ok) return void check.refuse('amount', result.refusal.key, result.refusal.values);
      if (!proof) return void check.refuse('proof', 'charge.proofRequired');
      check.clear();
      try {
        await mutation.mutateAsync(build(result.amount, proof.url));
      } catch {
        return; // The API client showed the server's message.
      }
      setAmount('');
      setProof(null);
      void navigate('/mine/charge?view=records');
    });

  /** A chosen proof also clears the "proof required" mark. */
  const pickProof = (value: UploadResult | null) => {
    setProof(value);
    if (value && check.invalid === 'proof') check.clear();
  };

  return { amount, setAmount, proof, pickProof, check, busy: flight.busy, submit };
}

function CoinDeposit() {
  const { t } = useTranslation();
  const coins = useDepositCoins();
  const [chosen, setChosen] = useState<number | null>(null);
  const list = coins.data ?? [];
  const option: DepositCoinOption | undefined = list.find((c) => c.id === chosen) ?? list[0];
  const [sender, setSender] = useState('');
  const form = useDepositForm(option);

  if (coins.isPending) return <FormSkeleton />;
  if (!option) {
    return <NoData title={t('charge.noChannels')} hint={t('charge.noChannelsHint')} />;
  }
  const unit = option.currency_code;

  return (
    <Form
      className="wallet-form"
      busy={form.busy}
      onSubmit={() =>
        form.submit((number, proofImg) => ({
          coin: { charge_id: option.id, number, proofImg, address: sender.trim() || undefined },
        }))
      }
    >
      <ChoiceChips
        label={t('charge.channel')}
        value={option.id}
        onChange={(id) => setChosen(id)}
        options={list.map((c) => ({
          value: c.id,
          label: c.currency_code,
          sub: networkOf(c.currency_code, c.protocol_code) || undefined,
          testId: `charge-coin-${c.currency_code}-${c.protocol_code}`,
        }))}
      />
      <section className="wallet-card address-card" aria-labelledby="charge-address-title">
        <h2 id="charge-address-title" className="wallet-card-title">
          {t('charge.address', { code: option.currency_code, network: option.protocol_code })}
        </h2>
        <QrCode value={option.address} label={t('charge.addressQr')} testId="charge-qr" />
        <p className="address-text" data-testid="charge-address">
          {option.address}
        </p>
        <p className="address-net">{t('charge.networkWarning', { network: option.protocol_code, code: unit })}</p>
        <CopyButton text={option.address} what={t('charge.addressShort')} testId="charge-copy-address" withLabel />
      </section>
      <AmountField form={form} option={option} unit={unit} />
      <TextField
        label={t('charge.sender')}
        autoComplete="off"
        spellCheck={false}
        placeholder={t('charge.senderPlaceholder')}
        value={sender}
        maxLength={128}
        testId="charge-sender"
        onChange={(e) => setSender(e.target.value)}
      />
      <ProofAndSubmit form={form} hint={t('charge.proofHint')} />
    </Form>
  );
}

function BankDeposit() {
  const { t } = useTranslation();
  const symbols = useDepositSymbols();
  const [chosen, setChosen] = useState<number | null>(null);
  const list = symbols.data ?? [];
  const option: BankCurrencyOption | undefined = list.find((c) => c.id === chosen) ?? list[0];
  const wire = useWireInfo(option?.id ?? null);
  const form = useDepositForm(option);

  if (symbols.isPending) return <FormSkeleton />;
  if (!option) return <NoData title={t('charge.noChannels')} hint={t('charge.noChannelsHint')} />;
  const unit = option.name;
  const info = wire.data;

  const rows: [string, string, string][] = info
    ? [
        ['bank_name', t('wire.bankName'), info.bank_name],
        ['bank_address', t('wire.bankAddress'), info.bank_address],
        ['bank_swift', t('wire.swift'), info.bank_swift],
        ['payee_name', t('wire.payeeName'), info.payee_name],
        ['payee_account', t('wire.payeeAccount'), info.payee_account],
        ['bank_remark', t('wire.remark'), info.bank_remark],
      ]
    : [];

  return (
    <Form
      className="wallet-form"
      busy={form.busy}
      onSubmit={() => form.submit((number, proofImg) => ({ wire: { wire_id: option.id, number, proofImg } }))}
    >
      <ChoiceChips
        label={t('charge.currency')}
        value={option.id}
        onChange={(id) => setChosen(id)}
        options={list.map((c) => ({ value: c.id, label: c.name, testId: `charge-bank-${c.name}` }))}
      />
      <section className="wallet-card" aria-labelledby="wire-title" data-testid="wire-info">
        <h2 id="wire-title" className="wallet-card-title">
          {t('wire.title', { currency: unit })}
        </h2>
        {wire.isPending ? (
          <div aria-hidden="true" style={{ display: 'grid', gap: 10 }}>
            {Array.from({ length: 5 }, (_, i) => (
              <span key={i} className="sk" style={{ width: `${90 - i * 8}%`, height: 30 }} />
            ))}
          </div>
        ) : (
          <dl className="detail-list">
            {rows
              .filter(([, , value]) => value)
              .map(([key, label, value]) => (
                <div key={key} className="detail-row">
                  <div className="detail-text">
                    <dt className="detail-label">{label}</dt>
                    <dd className="detail-value" dir="auto" data-testid={`wire-${key}`}>
                      {value}
                    </dd>
                  </div>
                  <CopyButton text={value} what={label} testId={`wire-copy-${key}`} />
                </div>
              ))}
          </dl>
        )}
        <p className="wallet-notice is-warning">{t('wire.notice')}</p>
      </section>
      <AmountField form={form} option={option} unit={unit} />
      <ProofAndSubmit form={form} hint={t('charge.proofHintBank')} />
    </Form>
  );
}
