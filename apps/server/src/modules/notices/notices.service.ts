import {
  NOTICE_KINDS,
  PUSH_SUBSCRIPTIONS_MAX,
  parseLang,
  type Lang,
  type NoticeKind,
  type NoticePage,
  type NoticePushMessage,
  type PushPrefs,
  type PushSubscriptionJson,
} from '@tradepad/contracts';
import { refuse } from '../../core/errors.ts';
import { afterCommit, transaction } from '../../db/after-commit.ts';
import type { Db, Tx } from '../../db/database.ts';
import { runPeriodically } from '../../core/periodic.ts';
import { DAY_MS, HOUR_MS } from '../../core/time.ts';
import type { PageRequest } from '../../db/paging.ts';
import { EVERY_USER_SOCKET, type Bus } from '../../ports/bus.ts';
import type { Clock } from '../../ports/clock.ts';
import type { NoticeBoard, NoticeData, NoticeItem } from '../../ports/notices.ts';
import { noticeLink, noticeText, noticeView } from './notice-view.ts';
import type { NoticesRepository, PushSubscriptionRow } from './notices.repository.ts';
import type { WebPush } from './web-push.ts';

export interface NoticesDeps {
  db: Db;
  repo: NoticesRepository;
  push: WebPush;
  bus: Pick<Bus, 'publishToUser'>;
  clock: Clock;
  log: { error(obj: object, msg: string): void };
  /** Days a notice is kept (`NOTICE_RETENTION_DAYS`); 0 keeps them for ever. */
  retentionDays?: number;
}

/** Notices deleted per statement by the sweep. */
const SWEEP_BATCH = 5000;

/** Notices whose push asks the push service to wake the device at once. */
const URGENT: ReadonlySet<NoticeKind> = new Set<NoticeKind>(['margin_call', 'stop_out']);

/**
 * In-app notices and web push (issue 21 points 1 and 2). `record` writes a notice in the event's transaction; once it
 * commits, the notice goes to the user's sockets (`NOTICE` on the bus, so every node's sockets get it) and to the
 * subscribed browsers for the kinds the user chose. Delivery runs in the background; a failure is logged, never
 * reported to the event.
 */
export class NoticesService implements NoticeBoard {
  private readonly pending = new Set<Promise<void>>();
  private stopSweep: (() => void) | undefined;

  constructor(private readonly d: NoticesDeps) {}

  /**
   * Deletes the notices older than the retention, a batch per statement until none is left; returns how many went.
   * Any node may run it at the same time as another: each deletes what is still there.
   */
  async sweep(): Promise<number> {
    const days = this.d.retentionDays ?? 0;
    if (days <= 0) return 0;
    const before = this.d.clock.now() - days * DAY_MS;
    let total = 0;
    for (;;) {
      const n = await this.d.repo.sweep(before, SWEEP_BATCH);
      total += n;
      if (n < SWEEP_BATCH) return total;
    }
  }

  /** Sweeps now, then every `everyMs` (hourly by default) until `stopSweeping`. */
  startSweeping(onError: (err: unknown) => void, everyMs = HOUR_MS): void {
    this.stopSweep = runPeriodically(() => this.sweep(), everyMs, onError);
  }

  stopSweeping(): void {
    this.stopSweep?.();
    this.stopSweep = undefined;
  }

  async record(trx: Tx, userId: number, kind: NoticeKind, data: NoticeData): Promise<void> {
    const at = this.d.clock.now();
    const id = await this.d.repo.insert(trx, { user_id: userId, kind, data_json: JSON.stringify(data), created_at: at });
    afterCommit(trx, () => this.track(this.deliver(id, userId, kind, data, at)));
  }

  notify(userId: number, kind: NoticeKind, data: NoticeData): void {
    this.track(transaction(this.d.db, (trx) => this.record(trx, userId, kind, data)));
  }

  notifyAll(items: readonly NoticeItem[]): void {
    if (items.length === 0) return;
    const at = this.d.clock.now();
    const rows = items.map((i) => ({ user_id: i.userId, kind: i.kind, data_json: JSON.stringify(i.data), created_at: at }));
    this.track(
      transaction(this.d.db, async (trx) => {
        const stored = await this.d.repo.insertMany(trx, rows);
        afterCommit(trx, () => this.track(this.deliverAll(stored)));
      }),
    );
  }

  async list(userId: number, lang: Lang, p: PageRequest): Promise<NoticePage> {
    const [{ rows, total }, unread] = await Promise.all([this.d.repo.page(userId, p), this.d.repo.unread(userId)]);
    return { data: rows.map((r) => noticeView(r, lang)), total, unread };
  }

  async unread(userId: number): Promise<{ unread: number }> {
    return { unread: await this.d.repo.unread(userId) };
  }

  async markRead(userId: number, id: number | undefined): Promise<{ unread: number }> {
    await this.d.repo.markRead(userId, id, this.d.clock.now());
    return this.unread(userId);
  }

  async vapidKey(): Promise<{ key: string }> {
    return { key: (await this.d.push.vapid()).public_key };
  }

  async subscribe(userId: number, s: PushSubscriptionJson): Promise<null> {
    if (!this.d.push.endpointAllowed(s.endpoint)) throw refuse('err.push_subscription_invalid');
    const row = {
      user_id: userId,
      endpoint: s.endpoint,
      p256dh: s.keys.p256dh,
      auth: s.keys.auth,
      created_at: this.d.clock.now(),
    };
    const stored = await this.d.repo.subscribe(row, PUSH_SUBSCRIPTIONS_MAX);
    if (stored === 'full') throw refuse('err.push_subscriptions_full');
    // Another user's browser: refused as any unusable subscription is, without saying whose it is.
    if (stored === 'taken') throw refuse('err.push_subscription_invalid');
    return null;
  }

  async unsubscribe(userId: number, endpoint: string): Promise<null> {
    await this.d.repo.unsubscribe(userId, endpoint);
    return null;
  }

  async prefs(userId: number): Promise<PushPrefs> {
    const [kinds, subs] = await Promise.all([this.kinds(userId), this.d.repo.subscriptions(userId)]);
    return { kinds: [...kinds], subscriptions: subs.length };
  }

  async setPrefs(userId: number, kinds: readonly NoticeKind[]): Promise<PushPrefs> {
    const chosen = NOTICE_KINDS.filter((k) => kinds.includes(k));
    await this.d.repo.setPrefs(userId, chosen.join(','));
    return this.prefs(userId);
  }

  /** Waits for the deliveries under way (shutdown, tests). */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  private async kinds(userId: number): Promise<ReadonlySet<NoticeKind>> {
    const stored = await this.d.repo.prefs(userId);
    if (stored === undefined) return new Set(NOTICE_KINDS);
    return new Set(NOTICE_KINDS.filter((k) => stored.split(',').includes(k)));
  }

  private track(work: Promise<unknown>): void {
    const p = work.then(
      () => undefined,
      (err: unknown) => this.d.log.error({ err }, 'notice could not be delivered'),
    );
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  }

  private async deliver(id: number, userId: number, kind: NoticeKind, data: NoticeData, at: number): Promise<void> {
    const unread = await this.d.repo.unread(userId);
    const notice = { id, userId, kind, data, at };
    this.publish(notice, unread);
    await this.webPush(userId, [notice], unread, await this.d.repo.subscriptions(userId));
  }

  /** A batch's delivery: the unread counts and the subscriptions read once for all its users. */
  private async deliverAll(rows: Awaited<ReturnType<NoticesRepository['insertMany']>>): Promise<void> {
    const notices = rows.map((r) => ({
      id: Number(r.id),
      userId: Number(r.user_id),
      kind: r.kind as NoticeKind,
      data: JSON.parse(r.data_json) as NoticeData,
      at: Number(r.created_at),
    }));
    notices.sort((a, b) => a.id - b.id);
    const users = [...new Set(notices.map((n) => n.userId))];
    const unread = await this.d.repo.unreadOf(users);
    for (const n of notices) this.publish(n, unread.get(n.userId) ?? 0);
    const subs = await this.d.repo.subscriptionsOf(users);
    const byUser = new Map<number, PushSubscriptionRow[]>();
    for (const s of subs) byUser.set(Number(s.user_id), [...(byUser.get(Number(s.user_id)) ?? []), s]);
    await Promise.all(
      [...byUser].map(([userId, theirs]) =>
        this.webPush(
          userId,
          notices.filter((n) => n.userId === userId),
          unread.get(userId) ?? 0,
          theirs,
        ),
      ),
    );
  }

  /** The notice to the user's sockets on every node (`NOTICE`), in each socket's language. */
  private publish(n: Delivered, unread: number): void {
    const link = noticeLink(n.kind, n.data);
    this.d.bus.publishToUser(n.userId, EVERY_USER_SOCKET, (lang: Lang): NoticePushMessage => ({
      type: 'NOTICE',
      notice: { id: n.id, kind: n.kind, ...noticeText(lang, n.kind, n.data), link, data: n.data, read: false, created_at: n.at },
      unread,
    }));
  }

  /** The user's notices of the kinds they chose to the browsers they subscribed, in the language they last used. */
  private async webPush(userId: number, notices: readonly Delivered[], unread: number, subs: readonly PushSubscriptionRow[]) {
    if (subs.length === 0) return;
    const kinds = await this.kinds(userId);
    const wanted = notices.filter((n) => kinds.has(n.kind));
    if (wanted.length === 0) return;
    const lang = parseLang(await this.d.repo.userLang(userId)) ?? 'hk';
    for (const n of wanted) {
      const payload = JSON.stringify({
        id: n.id,
        kind: n.kind,
        ...noticeText(lang, n.kind, n.data),
        link: noticeLink(n.kind, n.data),
        unread,
      });
      await Promise.all(
        subs.map((s) =>
          this.d.push.send(s, payload, URGENT.has(n.kind)).catch((err: unknown) => {
            this.d.log.error({ err, userId, subscription: s.id }, 'web push could not be sent');
          }),
        ),
      );
    }
  }
}

/** A notice stored, on its way to the user. */
interface Delivered {
  id: number;
  userId: number;
  kind: NoticeKind;
  data: NoticeData;
  at: number;
}
