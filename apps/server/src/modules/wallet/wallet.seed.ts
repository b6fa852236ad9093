import { DEPOSIT_BANK, DEPOSIT_COIN, DRAW_BANK, DRAW_COIN } from '@tradepad/contracts';
import type { WalletRepository } from './wallet.repository.ts';

/**
 * Demonstration channels seeded on first start, so a fresh install can show every wallet screen. The addresses are
 * well-formed (their checksums pass) but derived from a fixed phrase: nobody holds their keys. Staff replace them
 * with the broker's own in the back office before taking real deposits.
 */
const COIN_CHANNELS = [
  {
    currency_code: 'USDT',
    protocol_code: 'TRC20',
    address: 'TYAo2y5tCvQRqL6m2Y8YFDjhDfKpLX4Jbc',
    usd_price: '1',
    min_amount: '10',
    max_amount: '1000000',
    precision: 2,
  },
  {
    currency_code: 'USDT',
    protocol_code: 'ERC20',
    address: '0x1e5892c45082b09c51BA54f445aA285FB4288868',
    usd_price: '1',
    min_amount: '50',
    max_amount: '1000000',
    precision: 2,
  },
  {
    currency_code: 'BTC',
    protocol_code: 'BTC',
    address: 'bc1qrndqz5wx80w8nk3ftvyt2wuuwrvk3pj8srf7tt',
    usd_price: '0.00001',
    min_amount: '0.0005',
    max_amount: '50',
    precision: 6,
  },
];

const BANK = {
  bank_name: 'Harbour Commercial Bank',
  bank_address: '88 Queensway, Admiralty, Hong Kong',
  bank_swift: 'HCBKHKHH',
  payee_name: 'Tradepad Markets Ltd',
  bank_remark: 'Put your UID in the transfer reference so we can match your payment.',
};

const WIRE_CHANNELS = [
  {
    currency_code: 'USD',
    payee_account: '012-345678-001',
    usd_price: '1',
    min_amount: '100',
    max_amount: '500000',
    precision: 2,
  },
  {
    currency_code: 'EUR',
    payee_account: '012-345678-002',
    usd_price: '0.92',
    min_amount: '100',
    max_amount: '500000',
    precision: 2,
  },
  {
    currency_code: 'HKD',
    payee_account: '012-345678-003',
    usd_price: '7.8',
    min_amount: '800',
    max_amount: '4000000',
    precision: 2,
  },
];

const DRAW_CURRENCIES = [
  {
    type: DRAW_COIN,
    code: 'USDT',
    protocol: 'TRC20',
    draw_rate: '1',
    fee_type: 1,
    usd_price: '1',
    min_amount: '10',
    max_amount: '50000',
    precision: 2,
  },
  {
    type: DRAW_COIN,
    code: 'USDT',
    protocol: 'ERC20',
    draw_rate: '5',
    fee_type: 1,
    usd_price: '1',
    min_amount: '50',
    max_amount: '50000',
    precision: 2,
  },
  {
    type: DRAW_COIN,
    code: 'BTC',
    protocol: 'BTC',
    draw_rate: '0.005',
    fee_type: 2,
    usd_price: '0.00001',
    min_amount: '100',
    max_amount: '100000',
    precision: 2,
  },
  {
    type: DRAW_BANK,
    code: 'USD',
    protocol: '',
    draw_rate: '0.01',
    fee_type: 2,
    usd_price: '1',
    min_amount: '100',
    max_amount: '100000',
    precision: 2,
  },
  {
    type: DRAW_BANK,
    code: 'EUR',
    protocol: '',
    draw_rate: '15',
    fee_type: 1,
    usd_price: '0.92',
    min_amount: '100',
    max_amount: '100000',
    precision: 2,
  },
  {
    type: DRAW_BANK,
    code: 'HKD',
    protocol: '',
    draw_rate: '0.005',
    fee_type: 2,
    usd_price: '7.8',
    min_amount: '100',
    max_amount: '100000',
    precision: 2,
  },
];

const NO_BANK = { bank_name: '', bank_address: '', bank_swift: '', payee_name: '', payee_account: '', bank_remark: '' };

/** Seeds the channels once: a broker who removes or edits them keeps their choice. */
export async function seedWallet(repo: WalletRepository, at: number): Promise<void> {
  if ((await repo.countChannels()) > 0) return;
  const common = { enabled: 1, created_at: at, updated_at: at };
  for (const [sort, c] of COIN_CHANNELS.entries())
    await repo.insertChannel({ ...NO_BANK, ...c, ...common, type: DEPOSIT_COIN, sort });
  for (const [sort, c] of WIRE_CHANNELS.entries())
    await repo.insertChannel({ ...BANK, ...c, ...common, type: DEPOSIT_BANK, protocol_code: '', address: '', sort });
  if ((await repo.drawCurrencies(undefined, false)).length === 0)
    for (const [sort, c] of DRAW_CURRENCIES.entries()) await repo.insertDrawCurrency({ ...c, ...common, sort });
}
