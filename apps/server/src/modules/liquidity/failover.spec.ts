import { describe, expect, it } from 'vitest';
import { noteQuote, noteSession, reroute, type Route } from './failover.ts';

const t = { failoverMs: 3_000, failbackMs: 10_000 };
const fresh = (n: number): Route => ({ current: undefined, sources: Array.from({ length: n }, () => ({ up: true })) });
function quote(r: Route, i: number, now: number): Route {
  const sources = r.sources.slice();
  sources[i] = noteQuote(sources[i]!, now, t);
  return reroute({ ...r, sources }, now, t);
}
function down(r: Route, i: number, now: number): Route {
  const sources = r.sources.slice();
  sources[i] = noteSession(sources[i]!, false);
  return reroute({ ...r, sources }, now, t);
}

describe('LP failover (DESIGN §14)', () => {
  it('quotes from the first session that quoted; a higher one that never had the instrument takes it at once', () => {
    let r = quote(fresh(2), 1, 0);
    expect(r.current).toBe(1);
    r = quote(r, 0, 5);
    expect(r.current).toBe(0);
  });

  it('fails over when the current session stops quoting for longer than FEED_FAILOVER_MS, not before', () => {
    let r = quote(quote(fresh(2), 0, 0), 1, 0);
    expect(r.current).toBe(0);
    for (let now = 500; now <= 3_000; now += 500) r = reroute(quote(r, 1, now), now, t);
    expect(r.current).toBe(0);
    r = quote(r, 1, 3_001);
    expect(r.current).toBe(1);
    expect(r.sources[0]!.demoted).toBe(true);
  });

  it('fails over at once when the current session goes down', () => {
    let r = quote(quote(fresh(2), 0, 0), 1, 0);
    r = down(r, 0, 100);
    expect(r.current).toBe(1);
  });

  it('returns to the higher session only after it quoted for 10 s without a gap', () => {
    let r = quote(quote(fresh(2), 0, 0), 1, 0);
    r = down(r, 0, 100);
    r = { ...r, sources: r.sources.map((h, i) => (i === 0 ? noteSession(h, true) : h)) };
    let now = 1_000;
    for (; now < 11_000; now += 1_000) {
      r = quote(quote(r, 0, now), 1, now);
      expect(r.current).toBe(1);
    }
    r = quote(quote(r, 0, now), 1, now);
    expect(r.current).toBe(0);
    expect(r.sources[0]!.demoted).toBe(false);
  });

  it('starts the 10 s again after a gap in the higher session', () => {
    let r = quote(quote(fresh(2), 0, 0), 1, 0);
    r = down(r, 0, 100);
    r = { ...r, sources: r.sources.map((h, i) => (i === 0 ? noteSession(h, true) : h)) };
    for (let now = 1_000; now <= 7_000; now += 1_000) {
      // The higher session quotes at 1 s, then nothing until 8 s: a gap.
      r = quote(r, 1, now);
      if (now === 1_000) r = quote(r, 0, now);
    }
    r = quote(quote(r, 1, 8_000), 0, 8_000);
    expect(r.current).toBe(1);
    let now = 9_000;
    for (; now < 18_000; now += 1_000) {
      r = quote(quote(r, 1, now), 0, now);
      expect(r.current).toBe(1);
    }
    r = quote(quote(r, 1, now), 0, now);
    expect(r.current).toBe(0);
  });

  it('takes a demoted higher session at once when the current one fails too, and none when no one quotes', () => {
    let r = quote(quote(fresh(2), 0, 0), 1, 0);
    r = down(r, 0, 100);
    r = { ...r, sources: r.sources.map((h, i) => (i === 0 ? noteSession(h, true) : h)) };
    r = quote(r, 0, 1_000);
    expect(r.current).toBe(1);
    r = down(r, 1, 1_500);
    expect(r.current).toBe(0);
    r = reroute(r, 5_000, t);
    expect(r.current).toBeUndefined();
  });
});
