import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../ports/clock.ts';
import { AppError } from './errors.ts';
import {
  Idempotency,
  idempotencyKeyOf,
  requestFingerprint,
  type IdempotencyRecord,
  type Claim,
  type IdempotencyStore,
  StoredAnswer,
} from './idempotency.ts';

const SUBMIT = '/v1/api/forex/submit';

describe('requestFingerprint: when two requests are the same', () => {
  const order = { type: '1', cont: '0.01', forex_id: '3', status: '1', multiple: '100' };

  it('leaves out `t` (the cache-buster), wherever it is sent', () => {
    const a = requestFingerprint(SUBMIT, 0, { t: '1700000000000' }, order);
    expect(requestFingerprint(SUBMIT, 0, { t: '1700000009999' }, order)).toBe(a);
    expect(requestFingerprint(SUBMIT, 0, {}, { ...order, t: 42 })).toBe(a);
    expect(requestFingerprint(SUBMIT, 0, undefined, order)).toBe(a);
  });

  it('does not depend on field order, nor on form text versus JSON numbers, nor on query versus body', () => {
    const a = requestFingerprint(SUBMIT, 0, {}, order);
    const reversed = Object.fromEntries(Object.entries(order).reverse());
    expect(requestFingerprint(SUBMIT, 0, {}, reversed)).toBe(a);
    expect(requestFingerprint(SUBMIT, 0, {}, { type: 1, cont: 0.01, forex_id: 3, status: 1, multiple: 100 })).toBe(a);
    expect(requestFingerprint(SUBMIT, 0, order, {})).toBe(a);
  });

  it('differs for another value, another or a missing field, another call or another :id', () => {
    const a = requestFingerprint(SUBMIT, 0, {}, order);
    expect(requestFingerprint(SUBMIT, 0, {}, { ...order, cont: '0.02' })).not.toBe(a);
    expect(requestFingerprint(SUBMIT, 0, {}, { ...order, target_price: '1.1' })).not.toBe(a);
    const { multiple: _m, ...less } = order;
    expect(requestFingerprint(SUBMIT, 0, {}, less)).not.toBe(a);
    expect(requestFingerprint('/v1/api/forex/close', 0, {}, order)).not.toBe(a);
    const approve = '/admin/api/deposits/:id/approve';
    expect(requestFingerprint(approve, 7, {}, {})).not.toBe(requestFingerprint(approve, 8, {}, {}));
    // Nested values (a JSON body) are compared whole.
    expect(requestFingerprint(SUBMIT, 0, {}, { a: { x: 1, y: [1, 2] } })).toBe(
      requestFingerprint(SUBMIT, 0, {}, { a: { y: ['1', '2'], x: '1' } }),
    );
    expect(requestFingerprint(SUBMIT, 0, {}, { a: { x: 1 } })).not.toBe(requestFingerprint(SUBMIT, 0, {}, { a: { x: 2 } }));
    expect(requestFingerprint(SUBMIT, 0, {}, { a: null })).not.toBe(requestFingerprint(SUBMIT, 0, {}, { a: 'null' }));
  });
});

describe('idempotencyKeyOf', () => {
  const req = (v: string | string[] | undefined) => ({ headers: { 'idempotency-key': v } }) as unknown as FastifyRequest;
  const refused = (v: string | string[]) => {
    try {
      idempotencyKeyOf(req(v));
    } catch (err) {
      return err instanceof AppError ? err.key : 'other';
    }
    return 'accepted';
  };

  it('takes 1–255 visible ASCII characters, none without the header, and refuses anything else by name', () => {
    expect(idempotencyKeyOf(req(undefined))).toBeUndefined();
    expect(idempotencyKeyOf(req('6f1c2b1e-0c5a-4f0e-9a57-1d8d3f2c4b5a'))).toBe('6f1c2b1e-0c5a-4f0e-9a57-1d8d3f2c4b5a');
    expect(idempotencyKeyOf(req('k'))).toBe('k');
    expect(idempotencyKeyOf(req('x'.repeat(255)))).toHaveLength(255);
    for (const bad of ['', 'x'.repeat(256), 'two words', 'tab\there', 'clé', ['a', 'b']])
      expect(refused(bad), JSON.stringify(bad)).toBe('err.idempotency_key_invalid');
  });
});

/** The repository's contract in memory: a unique (scope, key) pair, claims by identity. */
class MemoryStore implements IdempotencyStore {
  rows = new Map<string, IdempotencyRecord>();
  async claim(row: { scope: string; key: string; fingerprint: string; now: number; claim: string; settleAt: number | null }) {
    await Promise.resolve();
    const id = `${row.scope}|${row.key}`;
    if (this.rows.has(id)) return false;
    this.rows.set(id, {
      fingerprint: row.fingerprint,
      response: null,
      created_at: row.now,
      claim: row.claim,
      settle_at: row.settleAt,
      engine_ran: null,
    });
    return true;
  }
  async find(scope: string, key: string) {
    await Promise.resolve();
    const row = this.rows.get(`${scope}|${key}`);
    return row && { ...row };
  }
  async complete(scope: string, key: string, claim: string, response: string) {
    const row = this.rows.get(`${scope}|${key}`);
    if (row && row.claim === claim && row.response === null) row.response = response;
  }
  async release(scope: string, key: string, claim: string) {
    const row = this.rows.get(`${scope}|${key}`);
    if (row?.claim === claim && row.response === null) this.rows.delete(`${scope}|${key}`);
  }
  async releaseUnrun(claim: string) {
    for (const [id, row] of this.rows)
      if (row.claim === claim && row.response === null && row.engine_ran === null) return this.rows.delete(id);
    return false;
  }
  async stamp(_trx: unknown, claims: readonly string[], now: number) {
    const gone = new Set(claims);
    for (const row of this.rows.values()) if (row.claim && gone.delete(row.claim)) row.engine_ran = now;
    return gone;
  }
  async expire(scope: string, key: string, before: number) {
    if ((this.rows.get(`${scope}|${key}`)?.created_at ?? Infinity) < before) this.rows.delete(`${scope}|${key}`);
  }
  async sweep(before: number) {
    let n = 0;
    for (const [id, row] of this.rows) if (row.created_at < before && this.rows.delete(id)) n++;
    return n;
  }
}

describe('Idempotency', () => {
  const answer = { code: 1, msg: 'Order placed', data: { order: { Id: 7 } } };
  const setup = (waitMs = 2000) => {
    const store = new MemoryStore();
    const clock = new ManualClock(Date.UTC(2026, 10, 18));
    return { store, clock, idem: new Idempotency(store, clock, waitMs, 100) };
  };
  const claimOf = async (p: Promise<Claim>) => {
    const c = await p;
    if (c.kind !== 'claimed') throw new Error('not claimed');
    return c.claim;
  };
  const keyOf = async (p: Promise<unknown>) =>
    p.then(
      (v) => v,
      (err: unknown) => (err instanceof AppError ? err.key : err),
    );

  it('lets one of many concurrent requests run; the others wait and replay its answer', async () => {
    const { idem, store } = setup();
    const pending = Array.from({ length: 20 }, () => idem.begin('user:1', 'k', 'fp', SUBMIT));
    // The winner has not answered yet: the others wait for it.
    await new Promise((r) => setTimeout(r, 30));
    const winner = store.rows.get('user:1|k')!.claim!;
    await idem.finish('user:1', 'k', winner, answer);
    const claims = await Promise.all(pending);
    expect(claims.filter((c) => c.kind === 'claimed')).toHaveLength(1);
    expect(claims.filter((c) => c.kind === 'replay' && c.response === JSON.stringify(answer))).toHaveLength(19);
  });

  it('refuses the key with other parameters, done or still running, and a running one past the wait', async () => {
    const { idem } = setup(50);
    const first = await claimOf(idem.begin('user:1', 'k', 'fp', SUBMIT));
    expect(await keyOf(idem.begin('user:1', 'k', 'other', SUBMIT))).toBe('err.idempotency_key_reused');
    expect(await keyOf(idem.begin('user:1', 'k', 'fp', SUBMIT))).toBe('err.idempotency_in_progress');
    // "Still being processed" says the same key may be sent again (its first call's answer will come).
    await expect(idem.begin('user:1', 'k', 'fp', SUBMIT)).rejects.toMatchObject({ data: { retry: true } });
    await idem.finish('user:1', 'k', first, answer);
    expect(await keyOf(idem.begin('user:1', 'k', 'other', SUBMIT))).toBe('err.idempotency_key_reused');
  });

  it('keeps keys per scope, forgets an abandoned one (a 500) and expires them after 24 h', async () => {
    const { idem, store, clock } = setup();
    const first = await claimOf(idem.begin('user:1', 'k', 'fp', SUBMIT));
    await claimOf(idem.begin('user:2', 'k', 'fp', SUBMIT));
    await claimOf(idem.begin('staff:1', 'k', 'fp', SUBMIT));
    await idem.abandon('user:1', 'k', first);
    const second = await claimOf(idem.begin('user:1', 'k', 'fp', SUBMIT));
    await idem.finish('user:1', 'k', second, answer);
    clock.advance(24 * 3600_000 - 1);
    expect((await idem.begin('user:1', 'k', 'fp', SUBMIT)).kind).toBe('replay');
    clock.advance(1);
    // Past the window the key is new (even with other parameters), and the sweep removes the old rows.
    expect((await idem.begin('user:1', 'k', 'new', SUBMIT)).kind).toBe('claimed');
    clock.advance(1);
    expect(await idem.sweep()).toBe(2);
    expect([...store.rows.keys()]).toEqual(['user:1|k']);
  });

  it('never lets a late first request answer or release a later claim of the key', async () => {
    const { idem, store } = setup(50);
    const first = await claimOf(idem.begin('user:1', 'k', 'fp', SUBMIT, true));
    // Its key was settled meanwhile (never stamped): released, and claimed again by a retry.
    expect(await store.releaseUnrun(first)).toBe(true);
    const second = await claimOf(idem.begin('user:1', 'k', 'fp', SUBMIT, true));
    await idem.abandon('user:1', 'k', first);
    await idem.finish('user:1', 'k', first, answer);
    expect(store.rows.get('user:1|k')).toMatchObject({ claim: second, response: null });
  });

  it("settles an engine call's key past its settling time: released if never stamped, else 'check your orders'", async () => {
    const { idem, store } = setup(2000);
    const first = await claimOf(idem.begin('user:1', 'unrun', 'fp', SUBMIT, true));
    // The caller died before settling it: a retry waits until settle_at (100 ms here), then runs once.
    const start = performance.now();
    const retry = await claimOf(idem.begin('user:1', 'unrun', 'fp', SUBMIT, true));
    expect(retry).not.toBe(first);
    expect(performance.now() - start).toBeLessThan(1000);
    // Stamped by the engine (it ran) and no answer: never released, answered "check your orders" once past the grace.
    const ran = await claimOf(idem.begin('user:1', 'ran', 'fp', SUBMIT, true));
    expect(await store.stamp(undefined, [ran, 'gone'], 1)).toEqual(new Set(['gone']));
    expect(
      await idem.settle({ scope: 'user:1', key: 'ran', claim: ran, lang: 'en', done: 'ok' }).catch((e: unknown) => e),
    ).toBeInstanceOf(StoredAnswer);
    const replay = await idem.begin('user:1', 'ran', 'fp', SUBMIT, true);
    expect(replay.kind === 'replay' && JSON.parse(replay.response).msg).toMatch(/could not be confirmed/);
  });
});
