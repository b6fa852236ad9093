import { STATUS_HOLDING, STATUS_PENDING } from '@tradepad/contracts';
import {
  ZERO,
  commissionFor,
  deviationCheck,
  freeMargin,
  marginShortfall,
  micros,
  microsToStorage,
  pointsToPrice,
  type Micros,
  type Side,
} from '@tradepad/domain';
import { refuse } from '../../core/errors.ts';
import type { Tx } from '../../db/database.ts';
import { commissionCharged, orderOpened } from '../ledger/ledger-entries.ts';
import type { JournalEntry } from '../ledger/ledger.repository.ts';
import { fillOf } from './engine-fills.ts';
import { liveOrder, setMargin, type LiveBook, type LiveOrder } from './live-book.ts';
import { receiptText, type ReceiptQuote } from './receipt.ts';
import type { SettlementDeps } from './settlement.ts';
import type { GroupOutcome, JobGroup } from './trade-writer.ts';
import type { NewOrderRow } from './trading.repository.ts';
import type { CopyPlan, Copying } from './copying.ts';

/** What a market fill's receipt is made of besides the fill price: the quote it filled on and the request's start. */
export interface ReceiptSource extends ReceiptQuote {
  /** `performance.now()` when the request arrived. */
  receivedAt: number;
}

/** The price a trader saw and the adverse move they accept, both in points (DESIGN §12 `price_seen`, `deviation`). */
export interface PriceSeen {
  readonly price: number;
  readonly deviation: number;
}

/** Refuses a market fill at `fillPoints` worse than the price seen by more than the deviation, naming both prices. */
function refuseIfMoved(precision: number, side: Side, fillPoints: number, seen: PriceSeen): void {
  if (deviationCheck(side, fillPoints, seen.price, seen.deviation) === 'ok') return;
  const text = (points: number) => pointsToPrice(points, precision).toFixed(precision);
  throw refuse('err.price_moved', {
    price: text(fillPoints),
    seen: text(seen.price),
    deviation: String(seen.deviation),
  });
}

/** An order to open or place, as the writer's placement group takes it. */
interface Placing {
  userId: number;
  demo: boolean;
  /** The floating P/L the free-margin check counts (estimated outside the transaction, as the order's margin is). */
  floating: Micros;
  /** The trader's credit (issue 32): it covers a floating loss in the free-margin check, never the margin itself. */
  credit: Micros;
  margin: Micros;
  fee: Micros;
  /** The account type's commission on opening (DESIGN §16; 0 for a pending order, charged at its fill). */
  commission: Micros;
  row: NewOrderRow;
  at: number;
  /** Completes the row just before it is written, once accepted (a market fill's receipt: its latency ends here). */
  beforeWrite?: () => void;
  /** Its followers' copies (issue 34), written with it when it is accepted; none for a provider nobody copies. */
  copies?: CopyPlan | undefined;
}

/**
 * New orders written together (a JobGroup of the TradeWriter): the cash of every trader in the run is read and locked
 * in one statement, each order is checked in arrival order against its trader's cash less what the run's earlier
 * orders took, and the accepted orders and their ledger entries are written with a few multi-row statements. A refused
 * order writes nothing; on PostgreSQL a run of orders costs about five round trips instead of five per order.
 */
class Placement implements JobGroup<Placing, number> {
  constructor(
    private readonly d: Pick<SettlementDeps, 'repo' | 'ledger'>,
    private readonly copying: Copying,
  ) {}

  async run(trx: Tx, items: readonly Placing[]): Promise<Array<GroupOutcome<number>>> {
    const cash = await this.d.ledger.lockBalances(
      trx,
      items.map((p) => p.userId),
      'cash',
    );
    const accepted: Placing[] = [];
    const refused = new Map<Placing, GroupOutcome<number>>();
    for (const p of items) {
      const balance = cash.get(p.userId) ?? ZERO;
      // Margin and fee come out of the cash, and a floating loss already spends part of it (free margin).
      if (
        marginShortfall(freeMargin({ balance, floating: p.floating, credit: p.credit }), p.margin, micros(p.fee + p.commission)) >
        0n
      ) {
        refused.set(p, { ok: false, err: refuse('err.insufficient_margin') });
        continue;
      }
      // What this order's entry takes from the cash, for the run's next orders of the same trader.
      cash.set(p.userId, micros(balance + cashMoved(opened(p, 0), p.userId) - p.commission));
      accepted.push(p);
    }
    // Writes only from here on, and no refusal after them.
    for (const p of accepted) p.beforeWrite?.();
    const ids = await this.d.repo.insertOrders(
      trx,
      accepted.map((p) => p.row),
    );
    await this.d.ledger.postAll(
      trx,
      accepted.flatMap((p, i) => [opened(p, ids[i]!), commissioned(p, ids[i]!)]),
    );
    const id = new Map(accepted.map((p, i) => [p, ids[i]!]));
    // The followers' copies, in this same transaction, at the providers' fill prices (issue 34).
    const copied = accepted.flatMap((p) => (p.copies ? [{ plan: p.copies, providerOrderId: id.get(p)!, at: p.at }] : []));
    if (copied.length > 0) await this.copying.opensIn(trx, copied, copied[0]!.at);
    return items.map((p) => refused.get(p) ?? { ok: true, value: id.get(p)! });
  }
}

const opened = (p: Placing, orderId: number) =>
  orderOpened({ orderId, userId: p.userId, demo: p.demo, margin: p.margin, fee: p.fee, at: p.at });

const commissioned = (p: Placing, orderId: number) =>
  commissionCharged({ orderId, userId: p.userId, demo: p.demo, amount: p.commission, at: p.at });

/** The sum an entry moves on a user's cash account. */
const cashMoved = (entry: JournalEntry, userId: number): bigint =>
  entry.postings.reduce(
    (sum, p) => ('user' in p.account && p.account.user === userId && p.account.kind === 'cash' ? sum + p.amount : sum),
    0n,
  );

/** What a new order is: a market order to open at once or a pending one to place (see Opening.place). */
export type NewOrder = Pick<
  LiveOrder,
  | 'userId'
  | 'demo'
  | 'inst'
  | 'side'
  | 'kind'
  | 'lots'
  | 'leverage'
  | 'orderPrice'
  | 'openPrice'
  | 'stopLoss'
  | 'takeProfit'
  | 'margin'
  | 'fee'
  | 'trailingDistance'
  | 'expireAt'
> & { seen?: PriceSeen | undefined; receipt?: ReceiptSource | undefined; stopLimitPrice?: number | undefined };

/** Opening a market order and placing a pending one: the checks against the cash and the new order's first write. */
export class Opening {
  private readonly placement: Placement;

  constructor(
    private readonly book: LiveBook,
    private readonly d: Pick<SettlementDeps, 'repo' | 'ledger' | 'writer' | 'clock' | 'fills'>,
    private readonly copying: Copying,
  ) {
    this.placement = new Placement(d, copying);
  }

  /**
   * Opens a market order or places a pending one: inside one transaction, checks the cash and free margin, inserts
   * the order and moves margin and fee out of the cash (DESIGN §5). The caller has validated everything that does not
   * need the database.
   */
  async place(input: NewOrder): Promise<LiveOrder> {
    const holding = input.kind === 'market';
    // The fill price is the open price: a market order never fills worse than the trader saw, beyond the deviation.
    if (holding && input.seen) refuseIfMoved(input.inst.row.precision, input.side, input.openPrice, input.seen);
    const acc = await this.book.accountFor(input.userId, input.demo);
    const now = this.d.clock.now();
    // The free-margin check needs the floating P/L exactly only when a loss could make the difference.
    const estimate = this.book.floatingEstimate(acc);
    // The account type's commission (DESIGN §16): one side at the fill, the other when it closes.
    const commission = holding ? commissionFor(input.lots, acc.terms.commissionPerLot) : ZERO;
    const cost0 = Number(input.margin + input.fee + commission);
    const floating =
      estimate >= 0 || Number(acc.cash) + estimate - cost0 > Math.abs(estimate) * 0.01 + 1e6
        ? ZERO
        : this.book.figures(input.userId).floating;
    const row: NewOrderRow = {
      user_id: input.userId,
      is_demo: input.demo ? 1 : 0,
      instrument_id: input.inst.row.id,
      side: input.side,
      status: holding ? STATUS_HOLDING : STATUS_PENDING,
      kind: input.kind,
      lots: Number(input.lots),
      leverage: input.leverage,
      order_price: input.orderPrice,
      open_price: holding ? input.openPrice : 0,
      close_price: 0,
      stop_loss: input.stopLoss,
      take_profit: input.takeProfit,
      margin: microsToStorage(input.margin),
      fee: microsToStorage(input.fee),
      profit: 0,
      closed_type: 0,
      created_at: now,
      opened_at: holding ? now : 0,
      closed_at: 0,
      trailing_distance: input.trailingDistance,
      expire_at: holding ? 0 : input.expireAt,
      swap: 0,
      parent_id: 0,
      receipt: null,
      commission: microsToStorage(commission),
      stop_limit_price: input.stopLimitPrice ?? 0,
      copy_of: 0,
    };
    // The receipt of a market fill: its latency runs to the transaction where the fill is written.
    const r = input.receipt;
    const beforeWrite =
      holding && r
        ? () => {
            row.receipt = receiptText({
              bid: r.bid,
              ask: r.ask,
              time: r.time,
              sourceBid: r.sourceBid,
              sourceAsk: r.sourceAsk,
              source: r.source,
              fill: input.openPrice,
              seen: input.seen?.price ?? 0,
              latency: Math.round(performance.now() - r.receivedAt),
            });
          }
        : undefined;
    // A real provider's followers copy a market order (a pending one when it fills): planned here, nothing when none.
    const planned = holding
      ? this.copying.plan(
          {
            userId: input.userId,
            inst: input.inst,
            side: input.side,
            lots: input.lots,
            leverage: input.leverage,
            price: input.openPrice,
            stopLoss: input.stopLoss,
            takeProfit: input.takeProfit,
            trailingDistance: input.trailingDistance,
          },
          input.demo,
        )
      : undefined;
    const copies = planned ? await planned : undefined;
    // Checked against the cash and written with the orders queued beside it (Placement).
    const id = await this.d.writer.runIn(this.placement, {
      userId: input.userId,
      demo: input.demo,
      floating,
      credit: acc.credit,
      margin: input.margin,
      fee: input.fee,
      commission,
      row,
      at: now,
      beforeWrite,
      copies,
    });
    // The cash has followed the commit already (cashMoved).
    setMargin(acc, micros(acc.margin + input.margin));
    const order = liveOrder(input.inst, { id, ...row });
    this.book.remember(acc, order);
    if (holding) this.d.fills?.emit(fillOf(order, 'open', order.openPrice));
    return order;
  }
}
