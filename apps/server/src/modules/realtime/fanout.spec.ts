import { describe, expect, it } from 'vitest';
import { Fanout } from './fanout.ts';
import { textFrame } from './frames.ts';
import type { FrameBatch, PriceVariants } from './price-variants.ts';

interface Conn {
  id: number;
  variant: number;
  /** Each write this connection got: the messages' texts it carried, in order. */
  writes: string[][];
}

const quote = (symbol: string, bid: number) => ({ type: 'DAY_MARKET', symbol, quotation: { bid } });
const turn = () => new Promise((r) => setImmediate(r));

/** The texts of a joined batch, read back from its frames (short frames: a 2-byte header each). */
function texts(joined: Buffer): string[] {
  const out: string[] = [];
  for (let i = 0; i < joined.length;) {
    const n = joined[i + 1]!;
    out.push(joined.subarray(i + 2, i + 2 + n).toString());
    i += 2 + n;
  }
  return out;
}

/**
 * A fan-out over `n` connections with a clock the test moves: each write takes `writeMs`, and a scheduled pass runs for
 * `sliceMs` before it lets the event loop turn.
 */
function setup(n: number, opts: { writeMs?: number; variants?: PriceVariants; variantOf?: (id: number) => number } = {}) {
  let now = 0;
  const conns: Conn[] = Array.from({ length: n }, (_, id) => ({ id, variant: opts.variantOf?.(id) ?? 0, writes: [] }));
  const subs = new Set(conns);
  const fanout = new Fanout<Conn>(
    {
      subscribers: (channel) => (channel === 'DAY_MARKET' ? subs : undefined),
      variants: () => opts.variants,
      variantOf: (c) => c.variant,
      deliver: (c: Conn, batch: FrameBatch) => {
        now += opts.writeMs ?? 0;
        c.writes.push(texts(batch.joined));
      },
    },
    { now: () => now, sliceMs: 1 },
  );
  const publish = (symbol: string, bid: number) => fanout.publish('DAY_MARKET', quote(symbol, bid), symbol);
  const settle = async () => {
    while (fanout.busy) await turn();
  };
  return { fanout, conns, subs, publish, settle };
}

const json = (symbol: string, bid: number) => JSON.stringify(quote(symbol, bid));

describe('the public fan-out: when and in how many writes', () => {
  it('sends a quote to an idle gateway right after the turn, with no other wait', async () => {
    const { conns, publish } = setup(3);
    publish('A', 1);
    expect(conns.every((c) => c.writes.length === 0)).toBe(true);
    await turn();
    expect(conns.map((c) => c.writes)).toEqual(conns.map(() => [[json('A', 1)]]));
  });

  it('joins the quotes of one turn into one write per socket, in order', async () => {
    const { conns, publish, settle } = setup(40, { writeMs: 0.1 });
    for (const s of ['A', 'B', 'C', 'D']) publish(s, 1);
    await settle();
    for (const c of conns) expect(c.writes).toEqual([['A', 'B', 'C', 'D'].map((s) => json(s, 1))]);
  });

  it('lets quotes that arrive during a pass join it: one more write only for the sockets written before they came', async () => {
    // 64 sockets at 0.1 ms a write, 1-ms slices: the clock is read every 16 writes, so a slice writes 16 sockets.
    const { conns, publish, settle } = setup(64, { writeMs: 0.1 });
    publish('A', 1);
    await turn();
    const early = conns.filter((c) => c.writes.length > 0);
    expect(early.map((c) => c.id)).toEqual([...Array(16).keys()]);
    // The rest of the burst comes in while the pass waits for its next slice.
    for (const s of ['B', 'C', 'D']) publish(s, 1);
    await settle();
    const all = ['A', 'B', 'C', 'D'].map((s) => json(s, 1));
    for (const c of conns) {
      if (c.id < 16) expect(c.writes).toEqual([all.slice(0, 1), all.slice(1)]);
      else expect(c.writes).toEqual([all]);
    }
  });

  it('keeps every socket in order when quotes keep coming between slices', async () => {
    const { conns, publish, settle } = setup(100, { writeMs: 0.1 });
    let bid = 0;
    publish('A', ++bid);
    for (let i = 0; i < 5; i++) {
      await turn();
      publish(i % 2 ? 'A' : 'B', ++bid);
    }
    await settle();
    for (const c of conns) {
      const got = c.writes.flat().map((t) => (JSON.parse(t) as ReturnType<typeof quote>).quotation.bid);
      expect(got).toEqual([1, 2, 3, 4, 5, 6]);
      expect(c.writes.length).toBeLessThanOrEqual(2);
    }
  });

  it('gives each variant its own rendering of a pass that quotes joined', async () => {
    let renders = 0;
    const variants: PriceVariants = {
      varies: (channel) => channel === 'DAY_MARKET',
      ofUser: () => 0,
      reread: async () => 0,
      render: (variant, _channel, m) => {
        renders++;
        const q = m as ReturnType<typeof quote>;
        return variant === 5 ? { ...q, quotation: { bid: q.quotation.bid - 1 } } : null;
      },
    };
    const { conns, publish, settle } = setup(64, { writeMs: 0.1, variants, variantOf: (id) => (id % 2 ? 5 : 0) });
    publish('A', 10);
    await turn();
    publish('B', 20);
    await settle();
    for (const c of conns) {
      const off = c.variant === 5 ? 1 : 0;
      expect(c.writes.flat()).toEqual([json('A', 10 - off), json('B', 20 - off)]);
    }
    // Once per message and variant for each distinct batch (A; A+B; B), never once per socket.
    expect(renders).toBeLessThanOrEqual(2 * (1 + 2 + 1));
  });

  it('sends nothing more to a socket that left the channel while a pass waited, and forgets the log when done', async () => {
    const { fanout, conns, subs, publish, settle } = setup(64, { writeMs: 0.1 });
    publish('A', 1);
    await turn();
    const gone = conns[40]!;
    subs.delete(gone);
    fanout.forget(gone, 'DAY_MARKET');
    publish('B', 2);
    await settle();
    expect(gone.writes).toEqual([]);
    expect(conns[41]!.writes).toEqual([[json('A', 1), json('B', 2)]]);
    expect(fanout.busy).toBe(false);
    // The next quote starts a fresh log: every socket gets exactly it.
    publish('C', 3);
    await settle();
    expect(conns[0]!.writes.at(-1)).toEqual([json('C', 3)]);
    expect(conns[41]!.writes.at(-1)).toEqual([json('C', 3)]);
  });

  it('flushOutbox writes everything at once, whatever the slices', () => {
    const { fanout, conns, publish } = setup(64, { writeMs: 0.1 });
    publish('A', 1);
    publish('B', 1);
    fanout.flushOutbox();
    expect(fanout.busy).toBe(false);
    for (const c of conns) expect(c.writes).toEqual([[json('A', 1), json('B', 1)]]);
    expect(textFrame(json('A', 1)).subarray(2).toString()).toBe(json('A', 1));
  });
});
