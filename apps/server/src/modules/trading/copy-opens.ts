import { STATUS_HOLDING, type CopySkipReason } from '@tradepad/contracts';
import {
  ZERO,
  commissionFor,
  freeMarginFor,
  micros,
  microsToStorage,
  parseLots,
  requiredMargin,
  tradeFee,
  typeFee,
  type Lots,
  type Micros,
  type Side,
} from '@tradepad/domain';
import { copyLeverage, copyLots } from '@tradepad/domain/copy-sizing';
import { afterCommit } from '../../db/after-commit.ts';
import type { Tx } from '../../db/database.ts';
import { commissionCharged, orderOpened } from '../ledger/ledger-entries.ts';
import type { CopyRecord } from './copy-records.ts';
import type { CopyFollower } from './copying-types.ts';
import type { FollowRef } from './copying.repository.ts';
import { fillOf } from './engine-fills.ts';
import { liveOrder, setMargin, type LiveBook } from './live-book.ts';
import type { EngineInstrument, LiveAccount } from './live-types.ts';
import type { CopyingDeps } from './copying.ts';
import type { NewOrderRow } from './trading.repository.ts';

/** A provider's fill that its followers copy: a market order written now, or a pending order filling. */
export interface ProviderFill {
  userId: number;
  inst: EngineInstrument;
  side: Side;
  lots: Lots;
  leverage: number;
  /** The provider's fill price, points: every copy opens at it. */
  price: number;
  stopLoss: number;
  takeProfit: number;
  trailingDistance: number;
}

/** One follower's copy as planned before the transaction: its size and money, or the reason it is skipped. */
interface PlannedCopy {
  follower: CopyFollower;
  acc: LiveAccount;
  lots: Lots;
  skip: CopySkipReason | undefined;
  leverage: number;
  margin: Micros;
  fee: Micros;
  commission: Micros;
  /** The copy account's floating P/L, which its free margin counts. */
  floating: Micros;
}

/** The copies of one provider fill, reckoned outside the transaction (as the provider's own margin is). */
export interface CopyPlan {
  fill: ProviderFill;
  copies: PlannedCopy[];
}

const refOf = (f: CopyFollower): FollowRef => ({ followId: f.followId, strategyId: f.strategyId, followerId: f.followerId });

/**
 * Copying a provider's opens (issue 34 point 2): each follower's copy sized by its mode (copy-sizing.ts), at the
 * provider's fill price, with the copy account's own terms for margin, fee and commission; written in the provider's
 * transaction, checked against the copy account's locked cash there, and entered in the book after the commit.
 */
export class CopyOpens {
  constructor(
    private readonly book: LiveBook,
    private readonly d: CopyingDeps,
    /** Copy accounts being closed (an unfollow): their new copies are skipped as busy. */
    private readonly closing: ReadonlySet<number>,
    /** Remembers whose follow a copy account is, for the copies' later events. */
    private readonly learn: (accountUserId: number, ref: FollowRef) => void,
  ) {}

  /**
   * Plans the copies of a provider's fill; undefined when nobody copies the provider (a provider without followers
   * pays one look-up in the roster's memory and nothing else).
   */
  async plan(fill: ProviderFill, followers: readonly CopyFollower[]): Promise<CopyPlan | undefined> {
    if (followers.length === 0) return undefined;
    const row = fill.inst.row;
    const rules = { step: parseLots(row.lot_step), min: parseLots(row.min_lots), max: parseLots(row.max_lots) };
    const providerEquity = this.book.figures(fill.userId).equity;
    const rate = this.book.rate(fill.inst, fill.price);
    const feeType = this.book.settings.feeType;
    const copies: PlannedCopy[] = [];
    for (const follower of followers) {
      const acc = this.book.account(follower.accountUserId) ?? (await this.book.accountFor(follower.accountUserId, false));
      this.learn(acc.userId, refOf(follower));
      const figures = this.book.figures(acc.userId);
      const planned: PlannedCopy = {
        follower,
        acc,
        lots: 0n as Lots,
        skip: undefined,
        leverage: fill.leverage,
        margin: ZERO,
        fee: ZERO,
        commission: ZERO,
        floating: figures.floating,
      };
      copies.push(planned);
      if (acc.stoppingOut || this.closing.has(acc.userId)) {
        planned.skip = 'busy';
        continue;
      }
      let size: ReturnType<typeof copyLots>;
      try {
        size = copyLots({
          mode: follower.mode,
          value: follower.value,
          providerLots: fill.lots,
          providerEquity,
          copyEquity: figures.equity,
          rules,
        });
      } catch (err) {
        this.d.log?.error({ err, followId: follower.followId }, 'a follow’s copy value cannot be read');
        size = { ok: false, lots: 0n as Lots, reason: 'below_min_lot' };
      }
      planned.lots = size.lots;
      if (!size.ok) {
        planned.skip = size.reason;
        continue;
      }
      // Without a USD rate for the instrument there is no margin to reckon: as if its market were closed.
      if (!rate) {
        planned.skip = 'market_closed';
        continue;
      }
      planned.leverage = copyLeverage(fill.leverage, acc.terms.maxLeverage);
      planned.margin = requiredMargin(fill.inst.terms, size.lots, fill.price, planned.leverage, rate);
      planned.fee = typeFee(acc.terms, tradeFee(fill.inst.terms, size.lots, planned.margin, feeType));
      planned.commission = commissionFor(size.lots, acc.terms.commissionPerLot);
    }
    return { fill, copies };
  }

  /**
   * Writes the planned copies of provider orders just written in `trx` (their ids known): each copy checked against
   * its account's cash, locked here, less what the run's earlier copies took; accepted copies and their ledger entries
   * in multi-row statements; a skip for each refused or unsized one. The book, hedging and the pushes follow the commit.
   * May run again (a batch retried): it changes nothing but `trx` and what it queues after the commit.
   */
  async opensIn(trx: Tx, plans: ReadonlyArray<{ plan: CopyPlan; providerOrderId: number }>, now: number): Promise<CopyRecord[]> {
    const sized = plans.flatMap((p) => p.plan.copies.filter((c) => c.skip === undefined));
    const cash =
      sized.length > 0
        ? await this.d.ledger.lockBalances(
            trx,
            sized.map((c) => c.acc.userId),
            'cash',
          )
        : new Map<number, Micros>();
    const records: CopyRecord[] = [];
    const accepted: Array<{ c: PlannedCopy; fill: ProviderFill; providerOrderId: number; row: NewOrderRow; record: CopyRecord }> =
      [];
    for (const { plan, providerOrderId } of plans) {
      const { fill } = plan;
      for (const c of plan.copies) {
        const record: CopyRecord = {
          ref: refOf(c.follower),
          inst: fill.inst,
          providerOrderId,
          orderId: 0,
          event: 'skip',
          price: fill.price,
          lots: c.lots,
          reason: c.skip ?? '',
          side: fill.side,
        };
        records.push(record);
        if (c.skip !== undefined) continue;
        const balance = cash.get(c.acc.userId) ?? ZERO;
        const cost = micros(c.margin + c.fee + c.commission);
        // The copy account's own free-margin rule (its type); the provider's order never waits on it.
        if (freeMarginFor(c.acc.terms.freeMarginMode, { balance, floating: c.floating, credit: c.acc.credit }) < cost) {
          record.reason = 'insufficient_margin';
          continue;
        }
        cash.set(c.acc.userId, micros(balance - cost));
        record.event = 'fill';
        accepted.push({ c, fill, providerOrderId, row: copyRow(c, fill, providerOrderId, now), record });
      }
    }
    if (accepted.length > 0) {
      const ids = await this.d.repo.insertOrders(
        trx,
        accepted.map((a) => a.row),
      );
      accepted.forEach((a, i) => (a.record.orderId = ids[i]!));
      await this.d.ledger.postAll(
        trx,
        accepted.flatMap(({ c, record }) => {
          const who = { orderId: record.orderId, userId: c.acc.userId, demo: false, at: now };
          return [orderOpened({ ...who, margin: c.margin, fee: c.fee }), commissionCharged({ ...who, amount: c.commission })];
        }),
      );
      const book = this.book;
      const fills = this.d.fills;
      afterCommit(trx, () => {
        for (const { c, fill, row, record } of accepted) {
          // The cash has followed the commit already (the ledger's movements); the margin is held by the order.
          setMargin(c.acc, micros(c.acc.margin + c.margin));
          const order = liveOrder(fill.inst, { id: record.orderId, ...row });
          book.remember(c.acc, order);
          fills?.emit(fillOf(order, 'open', fill.price));
        }
      });
    }
    return records;
  }
}

/** A copy's order row: the provider's side, price and stops, its own size, leverage and money; `copy_of` the provider's order. */
function copyRow(c: PlannedCopy, fill: ProviderFill, providerOrderId: number, now: number): NewOrderRow {
  return {
    user_id: c.acc.userId,
    is_demo: 0,
    instrument_id: fill.inst.row.id,
    side: fill.side,
    status: STATUS_HOLDING,
    kind: 'market',
    lots: Number(c.lots),
    leverage: c.leverage,
    order_price: fill.price,
    open_price: fill.price,
    close_price: 0,
    stop_loss: fill.stopLoss,
    take_profit: fill.takeProfit,
    margin: microsToStorage(c.margin),
    fee: microsToStorage(c.fee),
    profit: 0,
    closed_type: 0,
    created_at: now,
    opened_at: now,
    closed_at: 0,
    trailing_distance: fill.trailingDistance,
    expire_at: 0,
    swap: 0,
    parent_id: 0,
    receipt: null,
    commission: microsToStorage(c.commission),
    stop_limit_price: 0,
    copy_of: providerOrderId,
  };
}
