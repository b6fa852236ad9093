import { useState } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { useSearchParams } from '../../../shared/router/router.tsx';
import { DRAW_BANK, DRAW_COIN, type DrawCurrency, type DrawType } from '@tradepad/contracts/wallet/constants';
import { Form, SubmitButton } from '../../../shared/ui/form.tsx';
import { NoData } from '../../../shared/ui/no-data.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { SkeletonCard } from '../../../shared/ui/skeleton-card.tsx';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { useBack } from '../../../shared/ui/use-back.ts';
import { useFieldCheck } from '../../../shared/ui/use-field-check.ts';
import { useSingleFlight } from '../../../shared/ui/use-single-flight.ts';
import { useBindDrawMethod } from '../api/draw-methods.api.ts';
import { useDrawSymbols } from '../api/withdrawals.api.ts';
import { ChoiceChips } from './choice-chips.tsx';
import { networkOf } from './method-text.ts';
import { OwnerCodeField } from './owner-code-field.tsx';
import '../../../shared/market/market.css';
import '../../../shared/ui/form.css';
import './wallet.css';

type BankField = 'bank_name' | 'bank_address' | 'bank_swift' | 'payee_name' | 'payee_account' | 'remark';
type FieldName = 'dc_address' | BankField | 'code';

const EMPTY_BANK: Record<BankField, string> = {
  bank_name: '',
  bank_address: '',
  bank_swift: '',
  payee_name: '',
  payee_account: '',
  remark: '',
};

/** The bank fields in order, each with whether it is required (spec §5) and its input hints. */
const BANK_FIELDS: [BankField, boolean, { maxLength: number; autoComplete?: string; upper?: boolean }][] = [
  ['bank_name', true, { maxLength: 120, autoComplete: 'off' }],
  ['bank_address', true, { maxLength: 200, autoComplete: 'off' }],
  ['bank_swift', true, { maxLength: 11, upper: true }],
  ['payee_name', true, { maxLength: 120, autoComplete: 'name' }],
  ['payee_account', true, { maxLength: 40, upper: true }],
  ['remark', false, { maxLength: 200 }],
];

/**
 * /mine/withdraw-way?type=1 (coin address) or 2 (bank account), optionally with `draw_id` preselecting the currency:
 * binds a withdrawal method. The server checks an address against the network and says why it refuses one.
 */
export default function WithdrawWayPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const type: DrawType = params.get('type') === String(DRAW_BANK) ? DRAW_BANK : DRAW_COIN;
  const preset = Number(params.get('draw_id')) || null;
  const bank = type === DRAW_BANK;
  return (
    <Page
      name="withdrawWay"
      title={t(bank ? 'route.withdrawWayBank' : 'route.withdrawWayCoin')}
      back={bank ? '/mine/bank-card-list' : '/mine/coin-address-list'}
      bodyClassName="wallet-body"
    >
      <BindForm key={type} type={type} preset={preset} />
    </Page>
  );
}

function BindForm({ type, preset }: { type: DrawType; preset: number | null }) {
  const { t } = useTranslation();
  const bank = type === DRAW_BANK;
  const back = useBack(bank ? '/mine/bank-card-list' : '/mine/coin-address-list');
  const currencies = useDrawSymbols(type);
  const [chosen, setChosen] = useState<number | null>(preset);
  const list = currencies.data ?? [];
  const currency: DrawCurrency | undefined = list.find((c) => c.id === chosen) ?? list[0];
  const [address, setAddress] = useState('');
  const [fields, setFields] = useState(EMPTY_BANK);
  const [code, setCode] = useState('');
  const check = useFieldCheck<FieldName>();
  const flight = useSingleFlight();
  const bind = useBindDrawMethod();

  if (currencies.isPending) {
    return <SkeletonCard className="wallet-card" bars={['40%/16', '100%/50', '100%/50']} />;
  }
  if (!currency) return <NoData title={t('withdraw.noChannels')} hint={t('withdraw.noChannelsHint')} />;

  const submit = () =>
    flight.run(async () => {
      if (!bank) {
        if (!address.trim()) return void check.refuse('dc_address', 'method.addressRequired');
      } else {
        const missing = BANK_FIELDS.find(([name, required]) => required && !fields[name].trim());
        if (missing) return void check.refuse(missing[0], `method.${missing[0]}Required`);
      }
      if (!code.trim()) return void check.refuse('code', 'withdraw.codeRequired');
      check.clear();
      const auth_code = code.trim();
      try {
        await bind.mutateAsync(
          bank
            ? {
                type: DRAW_BANK,
                draw_id: currency.id,
                bank_name: fields.bank_name.trim(),
                bank_address: fields.bank_address.trim(),
                bank_swift: fields.bank_swift.trim().toUpperCase(),
                payee_name: fields.payee_name.trim(),
                payee_account: fields.payee_account.trim(),
                remark: fields.remark.trim(),
                auth_code,
              }
            : { type: DRAW_COIN, draw_id: currency.id, dc_address: address.trim(), auth_code },
        );
      } catch {
        return; // The API client showed the server's message (an address of the wrong network, …).
      }
      back();
    });

  return (
    <Form className="wallet-form" busy={flight.busy} onSubmit={submit}>
      <ChoiceChips
        label={t(bank ? 'withdraw.currency' : 'method.network')}
        value={currency.id}
        onChange={(id) => setChosen(id)}
        options={list.map((c) => ({
          value: c.id,
          label: c.code,
          sub: networkOf(c.code, c.protocol) || undefined,
          testId: `way-currency-${c.code}${c.protocol ? `-${c.protocol}` : ''}`,
        }))}
      />
      {!bank ? (
        <>
          <TextField
            label={t('method.address', { network: currency.protocol || currency.code })}
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="off"
            maxLength={128}
            placeholder={t('method.addressPlaceholder')}
            value={address}
            aria-invalid={check.invalid === 'dc_address'}
            aria-required
            testId="way-address"
            onChange={(e) => setAddress(e.target.value)}
          />
          <p className="wallet-notice is-warning">
            {t('method.networkWarning', { network: currency.protocol || currency.code, code: currency.code })}
          </p>
        </>
      ) : (
        BANK_FIELDS.map(([name, required, opts]) => (
          <TextField
            key={name}
            label={required ? t(`method.${name}`) : t('method.optional', { label: t(`method.${name}`) })}
            autoComplete={opts.autoComplete ?? 'off'}
            autoCapitalize={opts.upper ? 'characters' : undefined}
            spellCheck={false}
            maxLength={opts.maxLength}
            placeholder={t(`method.${name}Placeholder`)}
            value={fields[name]}
            aria-invalid={check.invalid === name}
            aria-required={required}
            testId={`way-${name}`}
            onChange={(e) => setFields((f) => ({ ...f, [name]: e.target.value }))}
          />
        ))
      )}
      <OwnerCodeField
        value={code}
        onChange={setCode}
        invalid={check.invalid === 'code'}
        testIds={['way-code', 'way-send-code']}
      />
      <p className="wallet-notice tint-primary" data-testid="way-hold-notice">
        {t('method.holdNotice')}
      </p>
      <SubmitButton busy={flight.busy} testId="way-submit">
        {flight.busy ? t('common.sending') : t('method.save')}
      </SubmitButton>
    </Form>
  );
}
