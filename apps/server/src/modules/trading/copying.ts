import { CLOSED_BY_USER, STATUS_HOLDING, STATUS_PENDING } from '@tradepad/contracts';
import { ZERO, closePrice, micros, parseLots, profitLoss, type Lots, type Micros } from '@tradepad/domain';
import { copyPart } from '@tradepad/domain/copy-sizing';
import type { FastifyBaseLogger } from 'fastify';
import { refuse } from '../../core/errors.ts';
import { afterCommit } from '../../db/after-commit.ts';
import type { Tx } from '../../db/database.ts';
import { copyMessage, eventRow, isStoredEvent, type CopyRecord } from './copy-records.ts';
import { CopyOpens, type CopyPlan, type ProviderFill } from './copy-opens.ts';
import type { CopyAccountHook, CopyFollower, CopyRoster } from './copying-types.ts';
import type { CopyingRepository, FollowRef } from './copying.repository.ts';
import { closeFillKind, fillOf } from './engine-fills.ts';
import type { LiveBook, LiveOrder } from './live-book.ts';
import type { SettlementDeps } from './settlement.ts';

export type { CopyPlan, ProviderFill } from './copy-opens.ts';

export type CopyingDeps = Pick<SettlementDeps, 'repo' | 'ledger' | 'writer' | 'pushes' | 'clock' | 'fills'> & {
  copies: CopyingRepository;
  /** The copy module's roster, once plugged in (TradingEngine.useCopying). */
  roster: () => CopyRoster | undefined;
  log?: Pick<FastifyBaseLogger, 'error'> | undefined;
};

/** What closing a position inside a transaction takes of the closing room (closing.ts), for the copies. */
export interface CopyCloser {
  closeIn(
    trx: Tx,
    o: LiveOrder,
    closedType: number,
    exitPrice: number,
    profit: Micros,
    now: number,
  ): Promise<{ swap: Micros; commission: Micros } | undefined>;
  closeManyIn(
    trx: Tx,
    items: ReadonlyArray<{ o: LiveOrder; exitPrice: number; profit: Micros }>,
    closedType: number,
    now: number,
  ): Promise<Array<{ o: LiveOrder; swap: Micros; commission: Micros }>>;
  partIn(
    trx: Tx,
    o: LiveOrder,
    part: Lots,
    closedType: number,
    exitPrice: number,
    profit: Micros,
    now: number,
  ): Promise<PartWritten | undefined>;
  afterPart(o: LiveOrder, part: Lots, written: PartWritten): void;
  writeOffIn(trx: Tx, userId: number, demo: boolean, now: number, orderId: number): Promise<Micros>;
  afterClose(o: LiveOrder): void;
}

/** A partial close written (closing.ts): the part's History row and the shares the position keeps. */
export interface PartWritten {
  partId: number;
  rest: Lots;
  margin: { part: Micros; rest: Micros };
  fee: { rest: Micros };
  swap: { part: Micros; rest: Micros };
  commission: Micros;
}

const NONE: readonly CopyFollower[] = Object.freeze([]);

/**
 * Copy trading in the engine (issue 34, DESIGN §18): a real provider's fills reach its followers' copy accounts in the
 * provider's own transaction, at the provider's own prices. Opens are copy-opens.ts; here the copies follow their
 * provider's whole and partial closes and stop changes, a copy account's stop-out is told to its follower, and a copy
 * account is closed at the market for an unfollow or an equity stop (`closeAccount`). Every skip and change of stops
 * is a copy_events row written in the same transaction (a copy and its closes are its own order rows), and every
 * copy, close and skip a `COPY` push to the follower after the commit.
 */
export class Copying {
  /** Whose follow each copy account is (learnt from the roster, or read for the copies the book was rebuilt with). */
  private readonly follows = new Map<number, FollowRef>();
  /** Copy accounts being closed now: new copies skip them. */
  private readonly closing = new Set<number>();
  private readonly opens: CopyOpens;

  constructor(
    private readonly book: LiveBook,
    private readonly d: CopyingDeps,
    private readonly closer: () => CopyCloser,
  ) {
    this.opens = new CopyOpens(book, d, this.closing, (id, ref) => this.follows.set(id, ref));
  }

  /** After the book's rebuild: the follows of the copy accounts it holds copies of. */
  async load(): Promise<void> {
    const accounts = new Set<number>();
    for (const o of this.book.orders.values()) if (o.copyOf > 0) accounts.add(o.userId);
    if (accounts.size === 0) return;
    for (const [id, ref] of await this.d.copies.followRefs([...accounts])) this.follows.set(id, ref);
  }

  /** The followers a provider's new fill is copied to: none for a demo account, or before the roster is plugged in. */
  followersOf(providerId: number, demo: boolean): readonly CopyFollower[] {
    if (demo) return NONE;
    return this.d.roster()?.followersOf(providerId) ?? NONE;
  }

  /** Plans the copies of a real provider's fill; undefined (at no cost) when nobody copies the provider. */
  plan(fill: ProviderFill, demo: boolean): Promise<CopyPlan | undefined> | undefined {
    const followers = this.followersOf(fill.userId, demo);
    return followers.length === 0 ? undefined : this.opens.plan(fill, followers);
  }

  /** Writes the planned copies of provider orders written in `trx` (see CopyOpens.opensIn), with their events. */
  async opensIn(trx: Tx, plans: ReadonlyArray<{ plan: CopyPlan; providerOrderId: number }>, now: number): Promise<void> {
    if (plans.length === 0) return;
    await this.record(trx, await this.opens.opensIn(trx, plans, now), now);
  }

  /**
   * The provider's position closed whole in `trx` at `exitPrice` (any cause: the trader, a stop, the desk, a stop-out):
   * its copies close in the same transaction at that price, each with its own P/L, commission and stored swap, and a
   * cash a copy left negative is written off. A copy another path settled first (its account's stop-out, an unfollow)
   * is found closed by the compare-and-set and left alone.
   */
  async closesIn(trx: Tx, provider: LiveOrder, closedType: number, exitPrice: number, now: number): Promise<void> {
    const copies = this.book.copiesOf(provider.id);
    if (copies.length === 0) return;
    const closer = this.closer();
    const holding = copies.filter((c) => c.status === STATUS_HOLDING);
    const profits = new Map(holding.map((c) => [c, this.book.profitAt(c, exitPrice) ?? ZERO]));
    const done = await closer.closeManyIn(
      trx,
      holding.map((o) => ({ o, exitPrice, profit: profits.get(o)! })),
      closedType,
      now,
    );
    const closed: LiveOrder[] = [];
    const records: CopyRecord[] = [];
    /** What the closes return to each copy account's cash, to tell whether one may have gone below zero. */
    const moved = new Map<number, { cash: bigint; last: number }>();
    for (const { o: copy, swap, commission } of done) {
      closed.push(copy);
      const m = moved.get(copy.userId) ?? { cash: 0n, last: 0 };
      moved.set(copy.userId, { cash: m.cash + copy.margin + profits.get(copy)! + swap - commission, last: copy.id });
      const ref = this.follows.get(copy.userId);
      if (ref) records.push(this.closeRecord(ref, provider.id, copy, copy.id, exitPrice, copy.lots));
    }
    for (const [userId, m] of moved) {
      const acc = this.book.account(userId);
      if (!acc || acc.cash + m.cash < 0n) await closer.writeOffIn(trx, userId, false, now, m.last);
    }
    this.afterCloses(trx, closed, closedType, exitPrice);
    await this.record(trx, records, now);
  }

  /**
   * The provider closed `part` of `provider.lots` (still the size before the close) in `trx` at `exitPrice`: each copy
   * closes its share (copy-sizing.ts copyPart), whole when the rest would fall below the minimum; a share of nothing is
   * a skip `below_lot_step`, a copy busy elsewhere (its account closing or stopping out) a skip `busy`. Answers the
   * copies it marked busy for the transaction, to be released once it is over.
   */
  async partsIn(
    trx: Tx,
    provider: LiveOrder,
    part: Lots,
    closedType: number,
    exitPrice: number,
    now: number,
    held: ReadonlySet<LiveOrder>,
  ): Promise<void> {
    const copies = this.book.copiesOf(provider.id);
    if (copies.length === 0) return;
    const closer = this.closer();
    const row = provider.inst.row;
    const rules = { step: parseLots(row.lot_step), min: parseLots(row.min_lots), max: parseLots(row.max_lots) };
    const rate = this.book.rate(provider.inst, exitPrice);
    const records: CopyRecord[] = [];
    const whole: LiveOrder[] = [];
    const parts: Array<{ copy: LiveOrder; lots: Lots; written: NonNullable<Awaited<ReturnType<CopyCloser['partIn']>>> }> = [];
    for (const copy of copies) {
      const ref = this.follows.get(copy.userId);
      if (copy.status !== STATUS_HOLDING) continue;
      const skip = (reason: 'busy' | 'below_lot_step', lots: Lots) => {
        if (ref)
          records.push({
            ref,
            inst: copy.inst,
            providerOrderId: provider.id,
            orderId: 0,
            event: 'skip',
            price: exitPrice,
            lots,
            reason,
          });
      };
      if (!held.has(copy)) {
        skip('busy', 0n as Lots);
        continue;
      }
      const share = copyPart(copy.lots, part, provider.lots, rules);
      if (share.kind === 'skip') {
        skip(share.reason, 0n as Lots);
        continue;
      }
      const profit = rate ? profitLoss(copy.inst.terms, copy.side, share.lots, copy.openPrice, exitPrice, rate) : ZERO;
      if (share.whole) {
        const done = await closer.closeIn(trx, copy, closedType, exitPrice, profit, now);
        if (!done) continue;
        await closer.writeOffIn(trx, copy.userId, false, now, copy.id);
        whole.push(copy);
        if (ref) records.push(this.closeRecord(ref, provider.id, copy, copy.id, exitPrice, copy.lots));
        continue;
      }
      const written = await closer.partIn(trx, copy, share.lots, closedType, exitPrice, profit, now);
      if (!written) continue;
      parts.push({ copy, lots: share.lots, written });
      if (ref)
        records.push({ ...this.closeRecord(ref, provider.id, copy, written.partId, exitPrice, share.lots), event: 'partial' });
    }
    this.afterCloses(trx, whole, closedType, exitPrice);
    if (parts.length > 0) {
      const d = this.d;
      afterCommit(trx, () => {
        for (const { copy, lots, written } of parts) {
          closer.afterPart(copy, lots, written);
          d.pushes.closed(copy.userId, [written.partId], closedType);
          d.fills?.emit(fillOf(copy, 'partial_close', exitPrice, lots, written.partId));
        }
      });
    }
    await this.record(trx, records, now);
  }

  /**
   * Marks a provider's copies busy for a partial close (a copy busy already, its account closing or stopping out, is
   * left out and skipped); `release` ends it.
   */
  hold(provider: LiveOrder): Set<LiveOrder> {
    const held = new Set<LiveOrder>();
    for (const copy of this.book.copiesOf(provider.id))
      if (!copy.busy) {
        copy.busy = true;
        held.add(copy);
      }
    return held;
  }

  release(held: ReadonlySet<LiveOrder>): void {
    for (const copy of held) copy.busy = false;
  }

  /** The provider's stops changed in `trx`: the same levels on its copies (one statement), an event each. */
  async stopsIn(
    trx: Tx,
    provider: LiveOrder,
    stopLoss: number,
    takeProfit: number,
    trailing: number,
    now: number,
    recorded = true,
  ): Promise<void> {
    const copies = this.book.copiesOf(provider.id);
    if (copies.length === 0) return;
    await this.d.copies.setCopyStops(trx, provider.id, stopLoss, takeProfit, trailing);
    afterCommit(trx, () => {
      for (const copy of copies) {
        copy.stopLoss = stopLoss;
        copy.takeProfit = takeProfit;
        copy.trailingDistance = trailing;
      }
    });
    if (!recorded) return;
    const records: CopyRecord[] = [];
    for (const copy of copies) {
      const ref = this.follows.get(copy.userId);
      if (ref)
        records.push({
          ref,
          inst: copy.inst,
          providerOrderId: provider.id,
          orderId: copy.id,
          event: 'stops',
          price: stopLoss,
          lots: copy.lots,
          reason: '',
        });
    }
    await this.record(trx, records, now);
  }

  /** A copy account's own stop-out closed copies in `trx`: each is told to its follower (event close). */
  async stoppedOutIn(trx: Tx, closed: ReadonlyArray<{ o: LiveOrder; price: number }>, now: number): Promise<void> {
    const records: CopyRecord[] = [];
    for (const { o, price } of closed) {
      const ref = o.copyOf > 0 ? this.follows.get(o.userId) : undefined;
      if (ref) records.push(this.closeRecord(ref, o.copyOf, o, o.id, price, o.lots));
    }
    await this.record(trx, records, now);
  }

  /**
   * Closes every open copy of a copy account at the market (the account's own quote) in one transaction of the
   * writer, and runs `within` in it (see TradingEngine.closeCopyAccount). The copies are marked busy first (after any
   * settlement of theirs in flight), so a provider's close racing this one settles each copy once: the compare-and-set
   * decides, and the loser finds it closed.
   */
  async closeAccount(accountUserId: number, within: CopyAccountHook): Promise<void> {
    const acc = await this.book.accountFor(accountUserId, false);
    if (!this.follows.has(accountUserId)) {
      const ref = (await this.d.copies.followRefs([accountUserId])).get(accountUserId);
      if (ref) this.follows.set(accountUserId, ref);
    }
    this.closing.add(accountUserId);
    const open: LiveOrder[] = [];
    try {
      // A partial close or a stop-out of a copy in flight finishes first (a few writer turns at most).
      for (let i = 0; i < 20 && [...acc.orders.values()].some((o) => o.busy); i++) {
        await this.d.writer.idle();
        await new Promise((r) => setImmediate(r));
      }
      open.push(...acc.orders.values());
      if (open.some((o) => o.busy)) throw refuse('err.order_busy');
      for (const o of open)
        if (o.status === STATUS_HOLDING) {
          const refusal = this.book.refusal(o.inst);
          if (refusal) throw refuse(refusal);
        }
      for (const o of open) o.busy = true;
      const closer = this.closer();
      const ref = this.follows.get(accountUserId);
      await this.d.writer.run(async (trx) => {
        const now = this.d.clock.now();
        const items: Array<{ o: LiveOrder; exitPrice: number; profit: Micros }> = [];
        for (const o of open) {
          if (o.status === STATUS_PENDING) continue;
          const q = this.book.ownQuote(accountUserId, o.inst.row.code);
          if (!q) throw refuse('err.quote_stale');
          const price = closePrice(o.side, q);
          items.push({ o, exitPrice: price, profit: this.book.profitAt(o, price) ?? ZERO });
        }
        const done = new Set((await closer.closeManyIn(trx, items, CLOSED_BY_USER, now)).map((c) => c.o));
        const closed = items.filter((i) => done.has(i.o)).map((i) => ({ o: i.o, price: i.exitPrice, profit: i.profit }));
        const profit = closed.reduce((sum, c) => sum + c.profit, 0n);
        const records = ref ? closed.map((c) => this.closeRecord(ref, c.o.copyOf, c.o, c.o.id, c.price, c.o.lots)) : [];
        if (closed.length > 0) await closer.writeOffIn(trx, accountUserId, false, now, closed.at(-1)!.o.id);
        const byPrice = new Map(closed.map((c) => [c.o, c.price]));
        this.afterCloses(
          trx,
          closed.map((c) => c.o),
          CLOSED_BY_USER,
          (o) => byPrice.get(o)!,
        );
        await this.record(trx, records, now);
        await within(trx, { orderIds: closed.map((c) => c.o.id), profit: micros(profit) });
      });
    } finally {
      for (const o of open) o.busy = false;
      this.closing.delete(accountUserId);
    }
  }

  private closeRecord(
    ref: FollowRef,
    providerOrderId: number,
    copy: LiveOrder,
    orderId: number,
    price: number,
    lots: Lots,
  ): CopyRecord {
    return { ref, inst: copy.inst, providerOrderId, orderId, event: 'close', price, lots, reason: '' };
  }

  /** After the commit: closed copies leave the book, their accounts are pushed, hedging hears each fill. */
  private afterCloses(
    trx: Tx,
    closed: readonly LiveOrder[],
    closedType: number,
    price: number | ((o: LiveOrder) => number),
  ): void {
    if (closed.length === 0) return;
    const closer = this.closer();
    const d = this.d;
    afterCommit(trx, () => {
      for (const copy of closed) {
        closer.afterClose(copy);
        d.pushes.closed(copy.userId, [copy.id], closedType);
        d.fills?.emit(fillOf(copy, closeFillKind(closedType), typeof price === 'number' ? price : price(copy)));
      }
    });
  }

  /**
   * Writes the records' skips and stop changes as events in `trx` (a copy's fill and closes are its order rows, see
   * copy/copy-events.ts); after the commit, each follower's `COPY` push.
   */
  private async record(trx: Tx, records: readonly CopyRecord[], now: number): Promise<void> {
    if (records.length === 0) return;
    const stored = records.filter(isStoredEvent);
    if (stored.length > 0)
      await this.d.copies.insertEvents(
        trx,
        stored.map((r) => eventRow(r, now)),
      );
    const pushes = this.d.pushes;
    afterCommit(trx, () => {
      for (const r of records) {
        const msg = copyMessage(r);
        if (msg) pushes.copied(r.ref.followerId, msg);
      }
      pushes.copiesTold(records);
    });
  }
}
