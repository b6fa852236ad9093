import { DRAW_BANK, DRAW_COIN } from '@tradepad/contracts/wallet/constants';
import { Chip } from '@mui/material';
import { FunctionField, TextField, useTranslate } from 'react-admin';
import type { RecordOf } from '../../providers/data-provider.ts';
import type { FieldSpec } from '../../ui/config-form.ts';
import { ConfigCreate, ConfigEdit, ConfigList } from '../../ui/config-resource.tsx';
import { IdCell } from '../../ui/cells.tsx';

// Each list's rows as their calls' contracts answer them.
type DepositChannel = RecordOf<'deposit-channels'>;
type WireChannel = RecordOf<'wire-channels'>;
type DrawCurrencyConfig = RecordOf<'draw-currencies'>;
type Limits = Pick<DepositChannel, 'usd_price' | 'min_amount' | 'max_amount' | 'precision' | 'enabled'>;

const limitFields: FieldSpec[] = [
  { name: 'usd_price', label: 'tp.channels.usd_price', kind: 'decimal', hint: 'tp.channels.usd_price_hint' },
  { name: 'min_amount', label: 'tp.channels.min_amount', kind: 'decimal' },
  { name: 'max_amount', label: 'tp.channels.max_amount', kind: 'decimal', hint: 'tp.channels.max_amount_hint' },
  { name: 'precision', label: 'tp.channels.precision', kind: 'int', hint: 'tp.channels.precision_hint' },
  { name: 'enabled', label: 'tp.channels.enabled', kind: 'bool' },
];
const blankLimits = { usd_price: '1', min_amount: '0', max_amount: '0', precision: '2', enabled: true };
const num = { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const;

/** The limit columns every channel has. */
function LimitColumns() {
  const translate = useTranslate();
  return [
    <FunctionField<Limits> key="usd" label="tp.channels.per_usd" render={(r) => r.usd_price} textAlign="right" sx={num} />,
    <FunctionField<Limits> key="min" label="tp.channels.min" render={(r) => r.min_amount} textAlign="right" sx={num} />,
    <FunctionField<Limits>
      key="max"
      label="tp.channels.max"
      render={(r) => (Number(r.max_amount) === 0 ? translate('tp.channels.no_max') : r.max_amount)}
      textAlign="right"
      sx={num}
    />,
    <FunctionField<Limits> key="places" label="tp.channels.places" render={(r) => r.precision} textAlign="right" sx={num} />,
    <FunctionField<Limits>
      key="enabled"
      label="tp.channels.enabled_short"
      render={(r) => (
        <Chip
          size="small"
          variant="outlined"
          color={r.enabled ? 'success' : 'default'}
          label={translate(r.enabled ? 'tp.channels.on' : 'tp.channels.off')}
        />
      )}
    />,
  ];
}

const depositFields: FieldSpec[] = [
  { name: 'currency_code', label: 'tp.common.currency', kind: 'text', maxLength: 16, hint: 'tp.channels.currency_hint' },
  { name: 'protocol_code', label: 'tp.common.network', kind: 'text', maxLength: 16, hint: 'tp.channels.network_hint' },
  {
    name: 'address',
    label: 'tp.channels.address',
    kind: 'text',
    maxLength: 128,
    wide: true,
    hint: 'tp.channels.address_hint',
  },
  ...limitFields,
];

export function DepositChannelList() {
  return (
    <ConfigList title="tp.channels.deposit_tab" intro="tp.channels.deposit_intro" addLabel="tp.channels.add_channel">
      <IdCell label="tp.common.id" />
      <TextField source="currency_code" label="tp.common.currency" sortable={false} />
      <TextField source="protocol_code" label="tp.common.network" sortable={false} />
      <FunctionField<DepositChannel>
        label="tp.channels.address"
        render={(r) => <code style={{ wordBreak: 'break-all' }}>{r.address}</code>}
      />
      {LimitColumns()}
    </ConfigList>
  );
}
export const DepositChannelEdit = () => <ConfigEdit fields={depositFields} noun="tp.channels.channel" />;
export const DepositChannelCreate = () => (
  <ConfigCreate
    fields={depositFields}
    noun="tp.channels.channel"
    blank={{ currency_code: 'USDT', protocol_code: 'TRC20', address: '', ...blankLimits }}
  />
);

const wireFields: FieldSpec[] = [
  { name: 'name', label: 'tp.common.currency', kind: 'text', maxLength: 16, hint: 'tp.channels.wire_currency_hint' },
  { name: 'bank_name', label: 'tp.channels.bank_name', kind: 'text', maxLength: 120 },
  { name: 'bank_swift', label: 'tp.channels.swift', kind: 'text', maxLength: 11 },
  { name: 'bank_address', label: 'tp.channels.bank_address', kind: 'text', maxLength: 200, wide: true },
  { name: 'payee_name', label: 'tp.withdrawals.payee_name', kind: 'text', maxLength: 120 },
  { name: 'payee_account', label: 'tp.channels.payee_account', kind: 'text', maxLength: 40 },
  { name: 'bank_remark', label: 'tp.channels.bank_remark', kind: 'textarea', maxLength: 500, optional: true, wide: true },
  ...limitFields,
];

export function WireChannelList() {
  return (
    <ConfigList title="tp.channels.wire_tab" intro="tp.channels.wire_intro" addLabel="tp.channels.add_channel">
      <IdCell label="tp.common.id" />
      <TextField source="name" label="tp.common.currency" sortable={false} />
      <TextField source="bank_name" label="tp.withdrawals.bank" sortable={false} />
      <FunctionField<WireChannel> label="SWIFT" render={(r) => <code>{r.bank_swift}</code>} />
      <TextField source="payee_name" label="tp.withdrawals.payee_name" sortable={false} />
      <FunctionField<WireChannel> label="tp.channels.account" render={(r) => <code>{r.payee_account}</code>} />
      {LimitColumns()}
    </ConfigList>
  );
}
export const WireChannelEdit = () => <ConfigEdit fields={wireFields} noun="tp.channels.channel" />;
export const WireChannelCreate = () => (
  <ConfigCreate
    fields={wireFields}
    noun="tp.channels.channel"
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
);

const drawFields: FieldSpec[] = [
  {
    name: 'type',
    label: 'tp.common.type',
    kind: 'select',
    options: [
      { value: DRAW_COIN, label: 'tp.channels.coin' },
      { value: DRAW_BANK, label: 'tp.channels.bank' },
    ],
  },
  { name: 'code', label: 'tp.common.currency', kind: 'text', maxLength: 16 },
  {
    name: 'protocol',
    label: 'tp.common.network',
    kind: 'text',
    maxLength: 16,
    optional: true,
    hint: 'tp.channels.draw_network_hint',
  },
  {
    name: 'fee_type',
    label: 'tp.channels.fee_type',
    kind: 'select',
    options: [
      { value: 1, label: 'tp.channels.fee_fixed' },
      { value: 2, label: 'tp.channels.fee_fraction' },
    ],
  },
  { name: 'draw_rate', label: 'tp.withdrawals.fee', kind: 'decimal', hint: 'tp.channels.fee_hint' },
  ...limitFields,
];

export function DrawCurrencyList() {
  const translate = useTranslate();
  return (
    <ConfigList title="tp.channels.draw_tab" intro="tp.channels.draw_intro" addLabel="tp.channels.add_currency">
      <IdCell label="tp.common.id" />
      <FunctionField<DrawCurrencyConfig>
        label="tp.common.type"
        render={(r) => translate(r.type === DRAW_BANK ? 'tp.channels.bank' : 'tp.channels.coin')}
      />
      <TextField source="code" label="tp.common.currency" sortable={false} />
      <FunctionField<DrawCurrencyConfig> label="tp.common.network" render={(r) => r.protocol || '—'} />
      <FunctionField<DrawCurrencyConfig>
        label="tp.withdrawals.fee"
        render={(r) =>
          translate(r.fee_type === 1 ? 'tp.channels.fee_fixed_value' : 'tp.channels.fee_fraction_value', { rate: r.draw_rate })
        }
        textAlign="right"
        sx={num}
      />
      {LimitColumns()}
    </ConfigList>
  );
}
export const DrawCurrencyEdit = () => <ConfigEdit fields={drawFields} noun="tp.channels.currency" />;
export const DrawCurrencyCreate = () => (
  <ConfigCreate
    fields={drawFields}
    noun="tp.channels.currency"
    blank={{ type: String(DRAW_COIN), code: 'USDT', protocol: 'TRC20', fee_type: '1', draw_rate: '1', ...blankLimits }}
  />
);
