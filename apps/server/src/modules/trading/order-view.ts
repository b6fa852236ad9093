import type { OrderView } from '@tradepad/contracts';
import { formatLots, formatMoney, micros, pointsToPrice, type Lots, type Side } from '@tradepad/domain';
import { timeText } from '../../core/time.ts';
import { logoPath } from '../market/logos.ts';
import type { EngineInstrument } from './live-book.ts';
import { receiptView } from './receipt.ts';

export interface ViewFields {
  id: number;
  side: Side;
  status: number;
  kind: string;
  lots: Lots;
  leverage: number;
  orderPrice: number;
  openPrice: number;
  updatePrice: number;
  profit: bigint;
  stopLoss: number;
  takeProfit: number;
  margin: bigint;
  fee: bigint;
  closedType: number;
  createdAt: number;
  openedAt: number;
  closedAt: number;
  trailingDistance: number;
  expireAt: number;
  /** A stop limit's limit in points; 0 for other orders. */
  stopLimitPrice: number;
  swap: bigint;
  /** The account type's commission charged on the row (DESIGN §16). */
  commission: bigint;
  parentId: number;
  receipt: string | null;
}

/** The one place an order becomes its public shape (spec §3 "Order"). */
export function orderView(inst: EngineInstrument, v: ViewFields): OrderView {
  const row = inst.row;
  const px = (points: number) => pointsToPrice(points, row.precision);
  return {
    Id: v.id,
    ForexId: row.id,
    Code: row.code,
    ForexTradeLists: {
      ShowCode: row.show_code,
      Code: row.code,
      PricePrecision: row.precision,
      Logo: logoPath(row.code),
    },
    OrderType: v.side,
    Status: v.status as OrderView['Status'],
    Kind: v.kind === 'market' ? null : (v.kind as OrderView['Kind']),
    StopLimitPrice: px(v.stopLimitPrice),
    Quantity: formatLots(v.lots),
    Multiple: v.leverage,
    OriginPrice: px(v.orderPrice),
    Price: px(v.openPrice),
    UpdatePrice: px(v.updatePrice),
    // The P/L with the swap accrued (holding) or settled (closed): what the position brings to the balance.
    FactProfits: formatMoney(micros(v.profit + v.swap), 2),
    TargetLossPrice: px(v.stopLoss),
    TargetProfitPrice: px(v.takeProfit),
    CautionMoney: formatMoney(micros(v.margin), 6),
    TradeFee: formatMoney(micros(v.fee), 6),
    ClosedType: v.closedType,
    CreatedAt: v.createdAt,
    OpenedAt: v.openedAt,
    ClosedAt: v.closedAt,
    CreateTimeHandler: timeText(v.createdAt),
    TrailingDistance: px(v.trailingDistance),
    ExpireAt: v.expireAt,
    Swap: formatMoney(micros(v.swap), 6),
    Commission: formatMoney(micros(v.commission), 6),
    ParentId: v.parentId,
    Receipt: receiptView(v.receipt, v.side, row.precision),
  };
}
