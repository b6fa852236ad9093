import { parseLots, type Side } from '@tradepad/domain';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTempDatabase } from '../../db/database.testing.ts';
import { ManualClock } from '../../ports/clock.ts';
import type { FixSessionStatus } from '../liquidity/fix-session.ts';
import type { EngineFill } from '../trading/trading.engine.ts';
import { wireDecimal } from './fix-hedge-venue.ts';
import { HedgeRepository } from './hedge.repository.ts';
import type { HedgeVenue, VenueOrder, VenueReport } from './hedge-venue.ts';
import { HedgingService } from './hedging.service.ts';

/** A venue that records what is sent and lets the test play the LP. */
class FakeVenue implements HedgeVenue {
  readonly name = 'fake';
  up = true;
  sent: VenueOrder[] = [];
  asked: string[] = [];
  private reports: Array<(r: VenueReport) => void> = [];
  private states: Array<(up: boolean) => void> = [];
  start() {}
  async stop() {}
  status(): FixSessionStatus {
    return { name: 'fake', state: this.up ? 'connected' : 'down', since: 0, lastMessageAt: null, error: null };
  }
  send(o: VenueOrder) {
    if (this.up) this.sent.push(o);
    return this.up;
  }
  askStatus(o: { clOrdId: string }) {
    if (this.up) this.asked.push(o.clOrdId);
    return this.up;
  }
  onReport(l: (r: VenueReport) => void) {
    this.reports.push(l);
  }
  onConnected(l: (up: boolean) => void) {
    this.states.push(l);
  }
  report(r: Partial<VenueReport> & { clOrdId: string; ordStatus: string }) {
    const full: VenueReport = {
      execType: undefined,
      cumQty: undefined,
      avgPx: undefined,
      lastQty: undefined,
      lastPx: undefined,
      orderId: undefined,
      text: undefined,
      ...r,
    };
    for (const l of this.reports) l(full);
  }
  connected(up: boolean) {
    this.up = up;
    for (const l of this.states) l(up);
  }
}

const silent = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;

const row = (mode: string) => ({
  id: 1,
  code: 'EURUSD',
  precision: 5,
  contract_size: 100_000,
  hedge_mode: mode,
  hedge_threshold_lots: '1',
  hedge_tolerance: 20,
});

function fill(over: Partial<EngineFill> & { mode?: string } = {}): EngineFill {
  const { mode = 'all', ...rest } = over;
  return {
    kind: 'open',
    orderId: 7,
    userId: 3,
    demo: false,
    inst: { row: row(mode), terms: {}, scale: 1e5 } as unknown as EngineFill['inst'],
    positionSide: 1 as Side,
    lots: parseLots('0.5'),
    price: 108_510,
    ...rest,
  };
}

describe('HedgingService', () => {
  let db: Awaited<ReturnType<typeof openTempDatabase>>;
  let repo: HedgeRepository;
  let venue: FakeVenue;
  let clock: ManualClock;
  let net = 0n;
  let paused = false;
  const counts: string[] = [];
  let n = 0;

  const service = () =>
    new HedgingService({
      repo,
      venue,
      symbols: { EURUSD: 'EUR/USD' },
      account: 'A1',
      clock,
      log: silent,
      paused: async () => paused,
      clientNetLots: () => net,
      counted: (s) => counts.push(s),
      newClOrdId: () => `C${++n}`,
      timings: { sweepEveryMs: 60_000 },
    });

  beforeEach(async () => {
    db = await openTempDatabase('hedging-spec-');
    repo = new HedgeRepository(db.handle.db);
    venue = new FakeVenue();
    clock = new ManualClock(1_000_000);
    net = 0n;
    paused = false;
    counts.length = 0;
  });
  afterEach(async () => db.close());

  it('stores the order before sending it, then follows the reports to filled; the position moves by the fills', async () => {
    const s = service();
    await s.start();
    s.clientFilled(fill());
    await s.idle();
    expect(venue.sent).toEqual([
      expect.objectContaining({ lpSymbol: 'EUR/USD', side: 1, qty: '50000', limit: '1.08530', account: 'A1' }),
    ]);
    const clOrdId = venue.sent[0]!.clOrdId;
    expect((await repo.byClOrdId(clOrdId))?.status).toBe('pending');
    venue.report({ clOrdId, ordStatus: '1', cumQty: '20000', avgPx: '1.0852', lastQty: '20000', lastPx: '1.0852' });
    venue.report({ clOrdId, ordStatus: '2', cumQty: '50000', avgPx: '1.08526', lastQty: '30000', lastPx: '1.0853' });
    // A late duplicate changes nothing.
    venue.report({ clOrdId, ordStatus: '1', cumQty: '20000' });
    await s.idle();
    expect(await repo.byClOrdId(clOrdId)).toMatchObject({
      status: 'filled',
      filled_qty: '50000',
      avg_price: '1.08526',
      last_qty: '30000',
      last_price: '1.0853',
    });
    expect((await repo.positions()).get(1)?.qty).toBe(50_000n * 100_000_000n);
    expect(counts).toEqual(['pending', 'partial', 'filled']);
    expect(await s.hedgedLots(() => 100_000)).toEqual(new Map([['EURUSD', '0.5']]));
    await s.stop();
  });

  it('never hedges demo, unmapped or unhedged instruments, nor while paused or not leading', async () => {
    const s = service();
    s.clientFilled(fill()); // not started: not the leader
    await s.start();
    s.clientFilled(fill({ demo: true }));
    s.clientFilled(fill({ mode: 'none' }));
    s.clientFilled({ ...fill(), inst: { ...fill().inst, row: { ...row('all'), code: 'GBPUSD' } } as EngineFill['inst'] });
    paused = true;
    s.clientFilled(fill());
    await s.idle();
    expect(venue.sent).toEqual([]);
    await s.stop();
  });

  it("records an order it could not send; a rejected one keeps the LP's reason", async () => {
    const s = service();
    await s.start();
    venue.up = false;
    s.clientFilled(fill());
    await s.idle();
    expect(await repo.page({ page: 1, limit: 10 })).toMatchObject({
      rows: [{ status: 'rejected', reason: expect.stringMatching(/not sent/) }],
    });
    venue.up = true;
    s.clientFilled(fill({ kind: 'close' }));
    await s.idle();
    const clOrdId = venue.sent[0]!.clOrdId;
    expect(venue.sent[0]).toMatchObject({ side: 2, limit: '1.08490' });
    venue.report({ clOrdId, ordStatus: '8', text: 'no liquidity' });
    await s.idle();
    expect(await repo.byClOrdId(clOrdId)).toMatchObject({ status: 'rejected', reason: 'no liquidity' });
    await s.stop();
  });

  it('"net": sends the difference once, counting an order still on its way', async () => {
    const s = service();
    await s.start();
    net = parseLots('0.6');
    s.clientFilled(fill({ mode: 'net' }));
    await s.idle();
    expect(venue.sent).toEqual([]);
    net = parseLots('1.2');
    s.clientFilled(fill({ mode: 'net' }));
    await s.idle();
    // Before any report: the 1.2 lots on their way count, so a further small fill sends nothing.
    net = parseLots('1.5');
    s.clientFilled(fill({ mode: 'net' }));
    await s.idle();
    expect(venue.sent.map((o) => [o.side, o.qty])).toEqual([[1, '120000']]);
    // The IOC fills 1 lot only: 0.5 lot unhedged now, not yet the threshold away.
    venue.report({ clOrdId: venue.sent[0]!.clOrdId, ordStatus: '4', cumQty: '100000', avgPx: '1.0853' });
    net = -parseLots('0.1');
    s.clientFilled(fill({ mode: 'net', kind: 'close' }));
    await s.idle();
    expect(venue.sent.map((o) => [o.side, o.qty, o.limit])).toEqual([
      [1, '120000', '1.08530'],
      [2, '110000', '1.08490'],
    ]);
    await s.stop();
  });

  it('after a restart or a lost session asks about orders without a final report, and shows unknown when unanswered', async () => {
    const first = service();
    await first.start();
    first.clientFilled(fill());
    await first.idle();
    const clOrdId = venue.sent[0]!.clOrdId;
    venue.connected(false);
    await first.idle();
    expect(await repo.byClOrdId(clOrdId)).toMatchObject({ status: 'unknown', reason: expect.stringMatching(/lost/) });
    await first.stop();

    // A restart: the new leader follows it and asks once logged on; an answer resolves it.
    venue = new FakeVenue();
    const second = service();
    await second.start();
    venue.connected(true);
    await second.idle();
    expect(venue.asked).toEqual([clOrdId]);
    venue.report({ clOrdId, ordStatus: '2', execType: 'I', cumQty: '50000', avgPx: '1.0853' });
    await second.idle();
    expect(await repo.byClOrdId(clOrdId)).toMatchObject({ status: 'filled', reason: null });

    // Silence after sending: asked after the report timeout, unknown once the answer is overdue.
    second.clientFilled(fill());
    await second.idle();
    const quiet = venue.sent.at(-1)!.clOrdId;
    clock.advance(10_000);
    await (second as unknown as { sweep(): Promise<void> }).sweep();
    expect(venue.asked.at(-1)).toBe(quiet);
    clock.advance(5_000);
    await (second as unknown as { sweep(): Promise<void> }).sweep();
    expect(await repo.byClOrdId(quiet)).toMatchObject({ status: 'unknown', reason: expect.stringMatching(/status request/) });
    await second.stop();
  });
});

describe('wireDecimal', () => {
  it('hands the encoder the number that prints as the stored text, and refuses one it would alter', () => {
    expect(wireDecimal('1.08530')).toBe(1.0853);
    expect(String(wireDecimal('100000'))).toBe('100000');
    expect(String(wireDecimal('0.0001'))).toBe('0.0001');
    expect(String(wireDecimal('150.042'))).toBe('150.042');
    expect(() => wireDecimal('12345678901234567.5')).toThrow(RangeError);
  });
});
