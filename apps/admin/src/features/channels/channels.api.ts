import { ADMIN_API } from '@tradepad/contracts/api-paths';
import type { DrawType } from '@tradepad/contracts/wallet';
import { call } from '../../api.ts';

/** Limits every channel has; amounts and rates are decimal strings. */
interface Limits {
  /** Units of this currency one USD buys ('1' for USDT). */
  usd_price: string;
  min_amount: string;
  /** '0' means no maximum. */
  max_amount: string;
  precision: number;
  enabled: boolean;
}

/** A coin deposit channel: the broker's receiving address on one network. */
export interface DepositChannel extends Limits {
  id: number;
  currency_code: string;
  protocol_code: string;
  address: string;
}

/** A bank currency with the wire details users send money to. */
export interface WireChannel extends Limits {
  id: number;
  name: string;
  bank_name: string;
  bank_address: string;
  bank_swift: string;
  payee_name: string;
  payee_account: string;
  bank_remark: string;
}

/** A currency users may withdraw in, with its fee. */
export interface DrawCurrencyConfig extends Limits {
  id: number;
  type: DrawType;
  code: string;
  protocol: string;
  /** fee_type 1: a fixed fee in USD; 2: a fraction of the amount ('0.01' is 1 %). */
  draw_rate: string;
  fee_type: number;
}

/** The list calls answer an array (or a page of one, which is unwrapped). */
const list = <T>(url: string) => call<T[] | { data: T[] }>('GET', url).then((r) => (Array.isArray(r) ? r : (r?.data ?? [])));
const saveTo =
  <T>(base: string) =>
  (id: number | undefined, body: Record<string, unknown>) =>
    call<T>('POST', id === undefined ? base : `${base}/${id}`, body);

export const depositChannels = () => list<DepositChannel>(ADMIN_API.depositChannels);
export const saveDepositChannel = saveTo<DepositChannel>(ADMIN_API.depositChannels);
export const wireChannels = () => list<WireChannel>(ADMIN_API.wireChannels);
export const saveWireChannel = saveTo<WireChannel>(ADMIN_API.wireChannels);
export const drawCurrencies = () => list<DrawCurrencyConfig>(ADMIN_API.drawCurrencies);
export const saveDrawCurrency = saveTo<DrawCurrencyConfig>(ADMIN_API.drawCurrencies);
