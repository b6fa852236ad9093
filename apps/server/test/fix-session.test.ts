import { afterEach, describe, expect, it } from 'vitest';
import { FixSession, nextBackoff, FIX_TIMINGS, type FixMessage } from '../src/modules/liquidity/fix-session.ts';
import { FixLp } from './fix-lp.ts';

const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
const open: Array<{ stop(): unknown }> = [];

afterEach(async () => {
  for (const o of open.splice(0)) await o.stop();
});

async function lpAndSession(opts: { password?: string; reset?: boolean } = {}) {
  const lp = await FixLp.start({ prices: { 'EUR/USD': { bid: '1.08451', ask: '1.08463' } }, password: opts.password });
  open.push(lp);
  const session = new FixSession(
    {
      name: 'lp1',
      host: '127.0.0.1',
      port: lp.port,
      senderCompId: 'TRADEPAD',
      targetCompId: 'LP1',
      username: 'tp',
      password: opts.password,
      heartbeatSeconds: 30,
      resetSeqNumOnLogon: opts.reset ?? true,
      tls: false,
    },
    { log: silent, timings: { firstBackoffMs: 100, maxBackoffMs: 400 } },
  );
  open.push(session);
  const states: string[] = [];
  session.onState((s) => states.push(s.state));
  return { lp, session, states };
}

describe('FIX session (jspurefix underneath, against an LP acceptor on the same engine)', () => {
  it('backs off 1 s doubling to 30 s, and starts again at 1 s after a session that logged on', () => {
    const waits: number[] = [];
    let last: number | undefined;
    for (let i = 0; i < 7; i++) waits.push((last = nextBackoff(last, FIX_TIMINGS)));
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('logs on with 98=0, 108, 141=Y, 553 and 554, and exchanges application messages', async () => {
    const { lp, session, states } = await lpAndSession({ password: 'secret' });
    const got: Array<{ type: string; entries: string[] }> = [];
    session.onMessage((m: FixMessage) =>
      got.push({ type: m.msgType, entries: m.group('MDFullGrp.NoMDEntries').map((e) => `${e.text(269)}@${e.text(270)}`) }),
    );
    expect(session.send('V', {})).toBe(false);
    session.start();
    await lp.until(() => session.status().state === 'connected');
    const logon = lp.messages('A')[0]!;
    expect(logon).toMatchObject({ 98: '0', 108: '30', 141: 'Y', 553: 'tp', 554: 'secret', 49: 'TRADEPAD', 56: 'LP1' });
    expect(
      session.send('V', {
        MDReqID: 'r1',
        SubscriptionRequestType: '1',
        MarketDepth: 1,
        MDUpdateType: 0,
        MDReqGrp: { NoMDEntryTypes: [{ MDEntryType: '0' }, { MDEntryType: '1' }] },
        InstrmtMDReqGrp: { NoRelatedSym: [{ Instrument: { Symbol: 'EUR/USD' } }] },
      }),
    ).toBe(true);
    await lp.until(() => got.length > 0);
    expect(got[0]).toEqual({ type: 'W', entries: ['0@1.08451', '1@1.08463'] });
    expect(states).toEqual(['connecting', 'connected']);
    expect(session.status().lastMessageAt).toBeGreaterThan(0);
  });

  it('is refused by a wrong password: down with the reason, and tries again', async () => {
    const { lp, session } = await lpAndSession({ password: 'secret' });
    (session.options as { password?: string }).password = 'wrong';
    session.start();
    await lp.until(() => lp.messages('A').length >= 2);
    expect(session.status().state).not.toBe('connected');
  });

  it('answers a TestRequest with a Heartbeat carrying its 112', async () => {
    const { lp, session } = await lpAndSession();
    session.start();
    await lp.until(() => session.status().state === 'connected');
    lp.testRequest('are-you-there');
    await lp.until(() => lp.messages('0').some((m) => m[112] === 'are-you-there'));
  });

  it('asks for a resend (ResendRequest) when the LP skips sequence numbers', async () => {
    const { lp, session } = await lpAndSession();
    session.start();
    await lp.until(() => session.status().state === 'connected');
    lp.skipSequence(3);
    lp.testRequest('after-gap');
    await lp.until(() => lp.messages('2').length > 0);
    expect(Number(lp.messages('2')[0]![7])).toBeGreaterThan(1);
    expect(session.status().state).toBe('connected');
  });

  it('reconnects after the connection drops mid-stream, logging on afresh', async () => {
    const { lp, session, states } = await lpAndSession();
    session.start();
    await lp.until(() => session.status().state === 'connected');
    lp.drop();
    await lp.until(() => session.status().state === 'down');
    expect(session.status().error).toBeTruthy();
    await lp.until(() => session.status().state === 'connected' && lp.messages('A').length === 2);
    expect(states).toEqual(['connecting', 'connected', 'down', 'connecting', 'connected']);
    expect(lp.messages('A')[1]![34]).toBe('1');
  });

  it('keeps trying while nothing listens, and stops for good on stop', async () => {
    const { lp, session } = await lpAndSession();
    lp.stop();
    session.start();
    await lp.until(() => session.status().state === 'down' && session.status().error !== null);
    await session.stop();
    expect(session.status().state).toBe('down');
  });
});
