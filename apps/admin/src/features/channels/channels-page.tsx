import { DRAW_BANK, DRAW_COIN } from '@tradepad/contracts/wallet';
import { useState } from 'react';
import type { FieldSpec } from '../../ui/config-form.ts';
import { ConfigTable } from '../../ui/config-table.tsx';
import type { Column } from '../../ui/review-queue.tsx';
import {
  depositChannels,
  drawCurrencies,
  saveDepositChannel,
  saveDrawCurrency,
  saveWireChannel,
  wireChannels,
  type DepositChannel,
  type DrawCurrencyConfig,
  type WireChannel,
} from './channels.api.ts';

const limitFields: FieldSpec[] = [
  { name: 'usd_price', label: 'Units per USD', kind: 'decimal', hint: "How many of this currency one USD buys ('1' for USDT)." },
  { name: 'min_amount', label: 'Minimum amount', kind: 'decimal' },
  { name: 'max_amount', label: 'Maximum amount', kind: 'decimal', hint: '0 means no maximum.' },
  { name: 'precision', label: 'Decimal places', kind: 'int', hint: '0 to 8.' },
  { name: 'enabled', label: 'Enabled (shown to users)', kind: 'bool' },
];
const blankLimits = { usd_price: '1', min_amount: '0', max_amount: '0', precision: '2', enabled: true };

const limitColumns = <
  T extends { usd_price: string; min_amount: string; max_amount: string; precision: number; enabled: boolean },
>(): Column<T>[] => [
  { header: 'Per USD', cell: (r) => r.usd_price, numeric: true },
  { header: 'Min', cell: (r) => r.min_amount, numeric: true },
  { header: 'Max', cell: (r) => (r.max_amount === '0' || Number(r.max_amount) === 0 ? 'none' : r.max_amount), numeric: true },
  { header: 'Places', cell: (r) => r.precision, numeric: true },
  {
    header: 'Enabled',
    cell: (r) => <span className={`badge ${r.enabled ? 'badge-good' : 'badge-neutral'}`}>{r.enabled ? 'On' : 'Off'}</span>,
  },
];

const depositColumns: Column<DepositChannel>[] = [
  { header: 'ID', cell: (r) => `#${r.id}` },
  { header: 'Currency', cell: (r) => r.currency_code },
  { header: 'Network', cell: (r) => r.protocol_code },
  { header: 'Receiving address', cell: (r) => <code className="address">{r.address}</code> },
  ...limitColumns<DepositChannel>(),
];
const depositFields: FieldSpec[] = [
  { name: 'currency_code', label: 'Currency', kind: 'text', maxLength: 16, hint: 'For example USDT.' },
  {
    name: 'protocol_code',
    label: 'Network',
    kind: 'text',
    maxLength: 16,
    hint: 'TRC20, ERC20, BEP20 or BTC are checked in full.',
  },
  { name: 'address', label: 'Receiving address', kind: 'text', maxLength: 128, wide: true, hint: 'Checked against the network.' },
  ...limitFields,
];

const wireColumns: Column<WireChannel>[] = [
  { header: 'ID', cell: (r) => `#${r.id}` },
  { header: 'Currency', cell: (r) => r.name },
  { header: 'Bank', cell: (r) => r.bank_name },
  { header: 'SWIFT', cell: (r) => <code>{r.bank_swift}</code> },
  { header: 'Payee', cell: (r) => r.payee_name },
  { header: 'Account', cell: (r) => <code>{r.payee_account}</code> },
  ...limitColumns<WireChannel>(),
];
const wireFields: FieldSpec[] = [
  { name: 'name', label: 'Currency', kind: 'text', maxLength: 16, hint: 'For example EUR.' },
  { name: 'bank_name', label: 'Bank name', kind: 'text', maxLength: 120 },
  { name: 'bank_swift', label: 'SWIFT / BIC', kind: 'text', maxLength: 11 },
  { name: 'bank_address', label: 'Bank address', kind: 'text', maxLength: 200, wide: true },
  { name: 'payee_name', label: 'Payee name', kind: 'text', maxLength: 120 },
  { name: 'payee_account', label: 'Payee account (IBAN)', kind: 'text', maxLength: 40 },
  {
    name: 'bank_remark',
    label: 'Note shown with the wire details',
    kind: 'textarea',
    maxLength: 500,
    optional: true,
    wide: true,
  },
  ...limitFields,
];

const drawColumns: Column<DrawCurrencyConfig>[] = [
  { header: 'ID', cell: (r) => `#${r.id}` },
  { header: 'Type', cell: (r) => (r.type === DRAW_BANK ? 'Bank' : 'Coin') },
  { header: 'Currency', cell: (r) => r.code },
  { header: 'Network', cell: (r) => r.protocol || '—' },
  { header: 'Fee', cell: (r) => (r.fee_type === 1 ? `${r.draw_rate} USD` : `${r.draw_rate} × amount`), numeric: true },
  ...limitColumns<DrawCurrencyConfig>(),
];
const drawFields: FieldSpec[] = [
  {
    name: 'type',
    label: 'Type',
    kind: 'select',
    options: [
      { value: DRAW_COIN, label: 'Coin' },
      { value: DRAW_BANK, label: 'Bank' },
    ],
  },
  { name: 'code', label: 'Currency', kind: 'text', maxLength: 16 },
  {
    name: 'protocol',
    label: 'Network',
    kind: 'text',
    maxLength: 16,
    optional: true,
    hint: 'Coins only; addresses are checked against it.',
  },
  {
    name: 'fee_type',
    label: 'Fee type',
    kind: 'select',
    options: [
      { value: 1, label: 'Fixed, in USD' },
      { value: 2, label: 'A fraction of the amount' },
    ],
  },
  { name: 'draw_rate', label: 'Fee', kind: 'decimal', hint: "Fixed: USD ('5'). Fraction: '0.01' is 1 %." },
  ...limitFields,
];

type Tab = 'deposit' | 'wire' | 'draw';
const TABS: Array<{ id: Tab; label: string }> = [
  { id: 'deposit', label: 'Coin deposit channels' },
  { id: 'wire', label: 'Bank wire channels' },
  { id: 'draw', label: 'Withdrawal currencies' },
];

/** Deposit and withdrawal configuration: coin receiving addresses, bank wire details, withdrawal currencies and fees. */
export function ChannelsPage() {
  const [tab, setTab] = useState<Tab>('deposit');
  return (
    <section>
      <div className="page-head">
        <h2>Channels</h2>
        <p className="muted">What users may deposit and withdraw, and the limits. Every change is recorded in the audit log.</p>
      </div>
      <div className="segmented tabs" role="tablist" aria-label="Channel type">
        {TABS.map((t) => (
          <button key={t.id} type="button" role="tab" aria-selected={tab === t.id} onClick={() => setTab(t.id)}>
            {t.label}
          </button>
        ))}
      </div>
      {tab === 'deposit' && (
        <ConfigTable<DepositChannel>
          title="Coin deposit channels"
          intro="The addresses users send coins to. A wrong address loses the user's money: double-check it when editing."
          noun="channel"
          load={depositChannels}
          save={saveDepositChannel}
          columns={depositColumns}
          fields={depositFields}
          blank={{ currency_code: 'USDT', protocol_code: 'TRC20', address: '', ...blankLimits }}
        />
      )}
      {tab === 'wire' && (
        <ConfigTable<WireChannel>
          title="Bank wire channels"
          intro="The bank accounts users wire money to, one per currency."
          noun="channel"
          load={wireChannels}
          save={saveWireChannel}
          columns={wireColumns}
          fields={wireFields}
          blank={{
            name: '',
            bank_name: '',
            bank_swift: '',
            bank_address: '',
            payee_name: '',
            payee_account: '',
            bank_remark: '',
            ...blankLimits,
          }}
        />
      )}
      {tab === 'draw' && (
        <ConfigTable<DrawCurrencyConfig>
          title="Withdrawal currencies"
          intro="What users may withdraw in, the fee, and the limits (in USD)."
          noun="currency"
          load={drawCurrencies}
          save={saveDrawCurrency}
          columns={drawColumns}
          fields={drawFields}
          blank={{ type: String(DRAW_COIN), code: 'USDT', protocol: 'TRC20', fee_type: '1', draw_rate: '1', ...blankLimits }}
        />
      )}
    </section>
  );
}
