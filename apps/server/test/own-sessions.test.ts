import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, ownSessions, type OwnSession } from '@tradepad/contracts';
import { ManualClock } from '../src/ports/clock.ts';
import { startHarness, type Harness } from './harness.ts';
import { PASSWORD, realUser } from './people.ts';

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Mobile Safari/604.1';
const LAPTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/**
 * A trader lists and ends their own sessions (ASVS 7.5.2, issue 29): each device they signed in with, which one is
 * this, and a sign-out of any of them that silences its sockets at once; never another trader's.
 */
describe('a trader’s own sessions', () => {
  let h: Harness;
  const clock = new ManualClock(Date.UTC(2026, 10, 28, 9, 0, 0));

  beforeAll(async () => {
    h = await startHarness({ clock });
  }, 120_000);
  afterAll(async () => h?.close());

  async function signIn(email: string, userAgent: string): Promise<string> {
    const r = await h.call('POST', API.login, { account: email, password: PASSWORD, login_type: 1 }, { 'user-agent': userAgent });
    expect(r.code, r.msg).toBe(1);
    return r.data.token as string;
  }
  const list = async (token: string) => {
    const r = await h.call('GET', API.userSessions, {}, { authorization: token });
    expect(r.code, r.msg).toBe(1);
    expect(ownSessions.safeParse(r.data).success).toBe(true);
    return r.data.data as OwnSession[];
  };

  it('lists every live session with its device and address, most recently used first, this one marked', async () => {
    const u = await realUser(h, clock);
    clock.advance(60_000);
    const phone = await signIn(u.email, PHONE);
    clock.advance(60_000);
    const laptop = await signIn(u.email, LAPTOP);
    const seen = await list(laptop);
    expect(seen).toHaveLength(3);
    expect(seen.map((s) => s.user_agent).slice(0, 2)).toEqual([LAPTOP, PHONE]);
    expect(seen.filter((s) => s.current)).toEqual([expect.objectContaining({ user_agent: LAPTOP, ip: '127.0.0.1' })]);
    expect(seen[0]!.created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // The phone sees the same sessions, with itself marked.
    expect((await list(phone)).find((s) => s.current)?.user_agent).toBe(PHONE);
  });

  it('ends another of one’s sessions at once, its socket included, and keeps this one', async () => {
    const u = await realUser(h, clock);
    const phone = await signIn(u.email, PHONE);
    const socket = await h.ws();
    socket.send({ type: 'login', params: phone });
    expect((await socket.json('login_result')).code).toBe(1);
    const phoneId = (await list(phone)).find((s) => s.current)!.id;

    const r = await u.post(API.userSessionEnd, { id: phoneId });
    expect(r.code, r.msg).toBe(1);
    expect((r.data.data as OwnSession[]).map((s) => s.id)).not.toContain(phoneId);
    expect(await socket.json('session_revoked')).toEqual({ type: 'session_revoked' });
    expect((await h.call('GET', API.userInfo, {}, { authorization: phone })).code).toBe(999);
    expect((await u.get(API.userInfo)).code).toBe(1);
    // Ending it again: it is over.
    expect(await u.post(API.userSessionEnd, { id: phoneId })).toMatchObject({ code: 0, msg: 'This record does not exist' });
    socket.close();
  });

  it('never ends another trader’s session, and may end its own current one', async () => {
    const mine = await realUser(h, clock);
    const theirs = await realUser(h, clock);
    const theirId = (await list(theirs.token)).find((s) => s.current)!.id;
    expect(await mine.post(API.userSessionEnd, { id: theirId })).toMatchObject({ code: 0, msg: 'This record does not exist' });
    expect((await theirs.get(API.userInfo)).code).toBe(1);
    for (const bad of [0, -1, 'x', '']) expect((await mine.post(API.userSessionEnd, { id: bad })).code).toBe(0);

    const myId = (await list(mine.token)).find((s) => s.current)!.id;
    expect((await mine.post(API.userSessionEnd, { id: myId })).code).toBe(1);
    expect((await mine.get(API.userInfo)).code).toBe(999);
  });
});
