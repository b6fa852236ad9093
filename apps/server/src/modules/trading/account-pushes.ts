import {
  CHANNEL_FOREX_CLOSED,
  CHANNEL_FOREX_TRADE,
  type CopyPushMessage,
  type ForexClosedMessage,
  type ForexTradeMessage,
  type Lang,
  type MarginCallMessage,
} from '@tradepad/contracts';
import { formatMoney, micros, pointsToPrice } from '@tradepad/domain';
import type { Tally } from '../../core/metrics.ts';
import { translate } from '../../i18n/translate.ts';
import { EVERY_USER_SOCKET, type Bus } from '../../ports/bus.ts';
import { silentNotices, type NoticeBoard } from '../../ports/notices.ts';
import { silentNotifier, type Notifier } from '../../ports/notifier.ts';
import { copyTold, type CopyRecord } from './copy-records.ts';
import type { CopyNotices } from './copying-types.ts';
import type { LiveAccount, LiveBook } from './live-book.ts';

const PUSH_EVERY_MS = 250;
/** A trader's margin-call notice (centre and web push) at most this often, however often the level crosses the line. */
const CALL_NOTICE_EVERY_MS = 10 * 60_000;

/**
 * The engine's account pushes (DESIGN §4), all through the bus: each listening trader's figures (FOREX_TRADE) at most
 * every 250 ms when they moved, the orders that closed (FOREX_CLOSED), and the margin-call notice.
 */
export class AccountPushes {
  private timer: NodeJS.Timeout | undefined;
  /** When each trader was last given a margin-call notice (real time: a throttle, not a business time). */
  private readonly callNoticeAt = new Map<number, number>();

  constructor(
    private readonly book: LiveBook,
    private readonly bus: Bus,
    private readonly notifier: Notifier = silentNotifier,
    /** In-app notices (issue 21): settlement and the risk monitor write theirs through it. */
    readonly notices: NoticeBoard = silentNotices,
    /** Counts each trader's figures pushed (the node's metrics). */
    private readonly pushed: Tally = { inc() {} },
  ) {}

  start(): void {
    this.timer ??= setInterval(() => this.pushFigures(), PUSH_EVERY_MS);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Orders that left the book (closed or cancelled, by any cause). */
  closed(userId: number, ids: number[], closedType: number): void {
    const msg: ForexClosedMessage = { type: 'FOREX_CLOSED', id: ids, ClosedType: closedType };
    this.bus.publishToUser(userId, CHANNEL_FOREX_CLOSED, msg);
  }

  /** The margin-call notice, in each connection's language, when the account first crosses the level. */
  marginCall(acc: LiveAccount, level: number): void {
    this.bus.publishToUser(acc.userId, CHANNEL_FOREX_TRADE, (lang: Lang): MarginCallMessage => ({
      type: 'MARGIN_CALL',
      HazardRate: level,
      msg: translate(lang, 'trade.margin_call', { level: level.toFixed(2) }),
    }));
    if (!acc.demo) this.notifier.notify(acc.userId, { kind: 'margin_call', level: level.toFixed(2) });
    // A margin call writes nothing else: its notice has a transaction of its own. A level wavering around the line
    // gives one notice per CALL_NOTICE_EVERY_MS, not one per crossing.
    const now = Date.now();
    const last = this.callNoticeAt.get(acc.userId);
    if (last !== undefined && now - last < CALL_NOTICE_EVERY_MS) return;
    if (this.callNoticeAt.size > 10_000)
      for (const [id, at] of this.callNoticeAt) if (now - at >= CALL_NOTICE_EVERY_MS) this.callNoticeAt.delete(id);
    this.callNoticeAt.set(acc.userId, now);
    this.notices.notify(acc.userId, 'margin_call', { level: level.toFixed(2) });
  }

  /** A copy filled, closed or skipped (issue 34): told to the follower's every socket, not to the copy account. */
  copied(followerId: number, msg: CopyPushMessage): void {
    this.bus.publishToUser(followerId, EVERY_USER_SOCKET, msg);
  }

  private copyNotices: CopyNotices | undefined;

  /** Plugs in the copy module's notices of copies and skips (TradingEngine.useCopying). */
  useCopyNotices(notices: CopyNotices | undefined): void {
    this.copyNotices = notices;
  }

  /**
   * A committed batch of copy records (issue 34): the copies opened and skipped are handed to the copy module's
   * notices, which write them in a transaction of their own, never in the provider's. A record without its side (a
   * partial close's skip) takes it from the book: the copy's, else its provider's.
   */
  copiesTold(records: readonly CopyRecord[]): void {
    if (!this.copyNotices) return;
    const told = records.flatMap((r) => {
      const side = r.side ?? this.book.orders.get(r.orderId)?.side ?? this.book.orders.get(r.providerOrderId)?.side;
      const t = copyTold(r, side);
      return t ? [t] : [];
    });
    if (told.length > 0) this.copyNotices(told);
  }

  /** A stop-out closed or cancelled orders (committed): the trader is told by mail/SMS too. */
  stoppedOut(acc: LiveAccount): void {
    if (!acc.demo) this.notifier.notify(acc.userId, { kind: 'stop_out' });
  }

  /**
   * At most every 250 ms: the figures of each listening trader whose orders changed or whose instruments ticked. Only
   * traders with a FOREX_TRADE subscription are visited, so thousands of silent accounts cost nothing here.
   */
  pushFigures(): void {
    for (const userId of this.bus.listeners(CHANNEL_FOREX_TRADE)) {
      const acc = this.book.account(userId);
      if (!acc) continue;
      let moved = this.book.changed.has(acc);
      if (!moved) for (const id of acc.exposure.keys()) if ((moved = this.book.ticked.has(id))) break;
      if (!moved) continue;
      const f = this.book.figures(acc.userId);
      const msg: ForexTradeMessage = {
        type: 'FOREX_TRADE',
        ProfitsTotal: formatMoney(f.floating, 2),
        HazardRate: f.level,
        CautionMoneyAll: formatMoney(f.usedMargin, 2),
        Balance: formatMoney(f.balance, 2),
        Equity: formatMoney(f.equity, 2),
        MarginCall: f.marginCall,
        TransOrder: f.rows.map((r) => ({
          Id: r.order.id,
          UpdatePrice: pointsToPrice(r.price, r.order.inst.row.precision),
          FactProfits: formatMoney(micros(r.profit + r.swap), 2),
          Swap: formatMoney(r.swap, 2),
        })),
      };
      this.bus.publishToUser(acc.userId, CHANNEL_FOREX_TRADE, msg);
      this.pushed.inc();
    }
    this.book.changed.clear();
    this.book.ticked.clear();
  }
}
