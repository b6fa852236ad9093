import {
  ACCOUNT_TYPE_EMAIL,
  ACCOUNT_TYPE_MOBILE,
  CODE_PURPOSE_REGISTER,
  CODE_PURPOSE_WITHDRAW,
  LOGIN_TYPE_DEMO,
  loginParams,
  registerParams,
} from '@tradepad/contracts';
import { describe, expect, it } from 'vitest';
import type { Config } from '../../config.ts';
import { refuse, type AppError } from '../../core/errors.ts';
import { hashPassword, sha256 } from '../../core/security.ts';
import type { Db, Tx } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import { ManualClock } from '../../ports/clock.ts';
import type { MessageSender } from '../../ports/messaging.ts';
import type { LedgerRepository } from '../ledger/ledger.repository.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { Throttle } from '../throttle/throttle.ts';
import type { AccountsRepository, AreaRow, CodeRow } from './accounts.repository.ts';
import { AccountsService, type RequestCtx } from './accounts.service.ts';
import type { SessionsService } from './sessions.service.ts';
import { testUserRow } from '../../db/user-row.testing.ts';

const NOW = Date.UTC(2026, 10, 18, 14, 0, 0);
const PASSWORD = 'Sunflower-Harbour-42';
const AREAS: AreaRow[] = [
  { id: 1, area_code: 'HK', global_code: '852' },
  { id: 2, area_code: 'KP', global_code: '850' },
];

const userRow = (over: Partial<UserRow>): UserRow =>
  testUserRow({
    id: 1,
    uid: '10000001',
    email: null,
    password_hash: '!',
    invite_code: 'INVITE01',
    created_at: NOW,
    updated_at: NOW,
    ...over,
  });

/**
 * The accounts module on fakes: users, codes and areas in memory (the real VerificationCodes runs on them), a sender
 * that keeps what it sent, a throttle that records what it counted and can be told to refuse sign-ins, and sessions
 * that hand out numbered tokens. `is_show_mobile` 3 allows both sign-up types; KP is a restricted region.
 */
function accounts(opts: { users?: UserRow[]; settings?: Record<string, string>; signInRefusal?: AppError } = {}) {
  const users = [...(opts.users ?? [])];
  const codes: Array<CodeRow & { address: string; purpose: number }> = [];
  const sent: Array<{ channel: string; to: string; secret?: string | undefined }> = [];
  const log = { counted: [] as string[], givenBack: 0, failed: 0, succeeded: 0, signedIn: [] as number[], langs: [] as string[] };
  const settings: Record<string, string> = {
    is_show_mobile: '3',
    verify_reg_type: '1',
    restricted_regions: 'KP',
    demo_start_balance: '10000',
    ...opts.settings,
  };
  const repo = {
    areas: async () => AREAS,
    userByEmail: async (email: string) => users.find((u) => u.email === email),
    userByPhone: async (phone: string) => users.find((u) => u.phone === phone),
    userByDemoId: async (id: string) => users.find((u) => u.demo_id === id),
    userById: async (id: number) => users.find((u) => u.id === id),
    userIdByInviteCode: async (code: string) => users.find((u) => u.invite_code === code),
    isTaken: async () => false,
    insertUser: async (_trx: Tx, row: Omit<UserRow, 'id' | 'rank_opt_in' | 'trading_enabled'>) => {
      const id = users.length + 100;
      users.push(userRow({ ...row, id }));
      return id;
    },
    insertConsent: async () => undefined,
    link: async () => true,
    setLang: async (_id: number, lang: string) => void log.langs.push(lang),
    latestCode: async (address: string, purpose: number) =>
      codes.filter((c) => c.address === address && c.purpose === purpose).at(-1),
    insertCode: async (c: { address: string; purpose: number; codeHash: string; at: number; expiresAt: number }) =>
      codes.push({
        id: codes.length + 1,
        address: c.address,
        purpose: c.purpose,
        code_hash: c.codeHash,
        attempts: 0,
        created_at: c.at,
        expires_at: c.expiresAt,
        consumed_at: null,
      }),
    deleteCode: async () => undefined,
    claimAttempt: async (id: number, max: number) => {
      const c = codes.find((x) => x.id === id);
      if (!c || c.attempts >= max) return undefined;
      c.attempts += 1;
      return c.attempts;
    },
    consumeCode: async (_trx: Tx, id: number, at: number) => {
      const c = codes.find((x) => x.id === id);
      if (!c || c.consumed_at !== null) return false;
      c.consumed_at = at;
      return true;
    },
  };
  const throttle = {
    codeSend: async (_ip: string, target: string) => {
      log.counted.push(`send:${target}`);
      return { giveBack: async () => void (log.givenBack += 1), releaseWait: async () => undefined };
    },
    codeCheck: async (_ip: string, target: string) => void log.counted.push(`check:${target}`),
    captchaDrawn: async () => undefined,
    demoCreation: async () => undefined,
    signIn: async (_who: string, key: string) => {
      log.counted.push(`signIn:${key}`);
      if (opts.signInRefusal) throw opts.signInRefusal;
      return {
        failed: () => {
          log.failed += 1;
          return refuse('err.password_wrong');
        },
        succeeded: async () => void (log.succeeded += 1),
      };
    },
  };
  let tokens = 0;
  const sessions = { issue: async () => `token-${++tokens}`, revoke: async () => undefined };
  const trx = {} as Tx;
  const service = new AccountsService({
    db: { transaction: () => ({ execute: <T>(fn: (t: Tx) => Promise<T>) => fn(trx) }) } as unknown as Db,
    repo: repo as unknown as AccountsRepository,
    ledger: {} as LedgerRepository,
    settings: {
      get: async (k: string) => settings[k] ?? '',
      int: async (k: string) => Number(settings[k] ?? 0),
    } as unknown as SettingsService,
    sessions: sessions as unknown as SessionsService,
    sender: { send: async (m) => void sent.push(m), close: async () => undefined } satisfies MessageSender,
    clock: new ManualClock(NOW),
    config: {} as Config,
    throttle: throttle as unknown as Throttle,
    signedIn: (userId) => void log.signedIn.push(userId),
  });
  return { service, users, codes, sent, log };
}

const ctx = (over: Partial<RequestCtx> = {}): RequestCtx => ({
  ip: '203.0.113.9',
  userAgent: 'spec',
  lang: 'en',
  log: { error: () => undefined },
  ...over,
});

const signUp = (over: Record<string, unknown> = {}) =>
  registerParams.parse({
    type: ACCOUNT_TYPE_EMAIL,
    account: 'new@example.com',
    password: PASSWORD,
    re_password: PASSWORD,
    sms_code: '000000',
    agree_terms: 1,
    country: 'HK',
    ...over,
  });

describe('verification codes', () => {
  it('sends a sign-up code only to an address without an account, counted before the answer', async () => {
    const a = accounts({ users: [userRow({ email: 'taken@example.com' })] });
    await expect(
      a.service.sendEmailCode({ email: 'taken@example.com', type: CODE_PURPOSE_REGISTER }, ctx()),
    ).rejects.toMatchObject({ key: 'err.email_taken' });
    expect(a.log.counted).toEqual(['send:taken@example.com']);
    expect(a.sent).toHaveLength(0);
    await a.service.sendEmailCode({ email: 'new@example.com', type: CODE_PURPOSE_REGISTER }, ctx());
    expect(a.sent).toEqual([expect.objectContaining({ channel: 'email', to: 'new@example.com' })]);
  });

  it('refuses a second code within the resend wait and gives the count back', async () => {
    const a = accounts();
    await a.service.sendEmailCode({ email: 'new@example.com', type: CODE_PURPOSE_REGISTER }, ctx());
    await expect(a.service.sendEmailCode({ email: 'new@example.com', type: CODE_PURPOSE_REGISTER }, ctx())).rejects.toMatchObject(
      { key: 'err.code_resend_wait', params: { seconds: 60 } },
    );
    expect(a.log.givenBack).toBe(1);
    expect(a.sent).toHaveLength(1);
  });

  it('sends a recovery code only to a real account', async () => {
    const a = accounts({ users: [userRow({ email: 'demo@example.com', is_demo: 1 })] });
    for (const email of ['nobody@example.com', 'demo@example.com'])
      await expect(a.service.sendEmailCode({ email, type: 2 }, ctx())).rejects.toMatchObject({ key: 'err.email_not_registered' });
  });

  it("sends a password-change code only to the signed-in user's own address", async () => {
    const me = userRow({ id: 1, email: 'me@example.com' });
    const a = accounts({ users: [me, userRow({ id: 2, email: 'other@example.com' })] });
    await expect(a.service.sendEmailCode({ email: 'me@example.com', type: 3 }, ctx())).rejects.toMatchObject({
      key: 'err.session_expired',
    });
    await expect(a.service.sendEmailCode({ email: 'other@example.com', type: 3 }, ctx({ user: me }))).rejects.toMatchObject({
      key: 'err.forbidden',
    });
  });

  it("sends a withdrawal code to the account's own address whatever the request names, never for a demo", async () => {
    const me = userRow({ email: 'me@example.com' });
    const a = accounts({ users: [me] });
    await a.service.sendEmailCode({ email: 'attacker@example.com', type: CODE_PURPOSE_WITHDRAW }, ctx({ user: me }));
    expect(a.sent.map((m) => m.to)).toEqual(['me@example.com']);
    await expect(
      a.service.sendEmailCode({ type: CODE_PURPOSE_WITHDRAW }, ctx({ user: userRow({ is_demo: 1 }) })),
    ).rejects.toMatchObject({ key: 'err.only_real_account' });
  });

  it('refuses a sign-up SMS code to a number in a restricted region', async () => {
    const a = accounts();
    await expect(a.service.sendSmsCode({ to: '12345678', area_id: 2, type: CODE_PURPOSE_REGISTER }, ctx())).rejects.toMatchObject(
      {
        key: 'err.area_restricted',
      },
    );
    expect(a.sent).toHaveLength(0);
  });
});

describe('sign-up', () => {
  it('opens an account with the code sent to its address, and uses the code up', async () => {
    const a = accounts();
    await a.service.sendEmailCode({ email: 'new@example.com', type: CODE_PURPOSE_REGISTER }, ctx());
    await a.service.register(signUp({ sms_code: a.sent[0]!.secret }), ctx());
    expect(a.users).toEqual([expect.objectContaining({ email: 'new@example.com', country: 'HK', is_demo: 0 })]);
    expect(a.codes[0]!.consumed_at).toBe(NOW);
    // The code is spent: a second sign-up with it finds the address taken first.
    await expect(a.service.register(signUp({ sms_code: a.sent[0]!.secret }), ctx())).rejects.toMatchObject({
      key: 'err.email_taken',
    });
  });

  it('counts a wrong code and says how many tries are left', async () => {
    const a = accounts();
    await a.service.sendEmailCode({ email: 'new@example.com', type: CODE_PURPOSE_REGISTER }, ctx());
    const wrong = a.sent[0]!.secret === '000001' ? '000002' : '000001';
    await expect(a.service.register(signUp({ sms_code: wrong }), ctx())).rejects.toMatchObject({
      key: 'err.code_wrong',
      params: { left: 4 },
    });
    expect(a.users).toHaveLength(0);
  });

  it.each([
    ['the passwords differ', {}, { re_password: 'Another-Harbour-43' }, 'err.password_not_equal'],
    ['e-mail sign-up is switched off', { is_show_mobile: '2' }, {}, 'err.registration_type_disabled'],
    ['the invite code is unknown', {}, { invite_code: 'NOSUCH01' }, 'err.invite_code_invalid'],
    ['no country of residence is given', {}, { country: '' }, 'err.country_required'],
    ['the country is not in the list', {}, { country: 'ZZ' }, 'err.country_invalid'],
    ['the country is restricted', {}, { country: 'KP' }, 'err.area_restricted'],
    ['a phone sign-up names no area', {}, { type: ACCOUNT_TYPE_MOBILE, account: '61234567' }, 'err.area_required'],
  ])('refuses when %s, and opens nothing', async (_case, settings, over, key) => {
    const a = accounts({ settings });
    await expect(a.service.register(signUp(over), ctx())).rejects.toMatchObject({ key });
    expect(a.users).toHaveLength(0);
  });
});

describe('sign-in', () => {
  const login = (over: Record<string, unknown> = {}) =>
    loginParams.parse({ account: 'me@example.com', password: PASSWORD, login_type: ACCOUNT_TYPE_EMAIL, ...over });

  it('signs in with the right password: a session, the throttle told, the new device reported, the language kept', async () => {
    const a = accounts({
      users: [userRow({ id: 5, email: 'me@example.com', password_hash: await hashPassword(PASSWORD), lang: 'zh' })],
    });
    const { token, user } = await a.service.login(login(), ctx({ lang: 'en' }));
    expect({ token, id: user.id }).toEqual({ token: 'token-1', id: 5 });
    expect(a.log).toMatchObject({ counted: ['signIn:u:5'], succeeded: 1, failed: 0, signedIn: [5], langs: ['en'] });
  });

  it('answers a wrong password and an unknown account alike, each counted under its own key', async () => {
    const a = accounts({ users: [userRow({ id: 5, email: 'me@example.com', password_hash: await hashPassword(PASSWORD) })] });
    await expect(a.service.login(login({ password: 'Wrong-Harbour-41' }), ctx())).rejects.toMatchObject({
      key: 'err.password_wrong',
    });
    await expect(a.service.login(login({ account: 'Nobody@Example.com' }), ctx())).rejects.toMatchObject({
      key: 'err.password_wrong',
    });
    expect(a.log).toMatchObject({ counted: ['signIn:u:5', 'signIn:n:nobody@example.com'], failed: 2, succeeded: 0 });
  });

  it('stops at the throttle (a lock, or a captcha past the limits) before any password is compared', async () => {
    const lock = refuse('err.captcha_required');
    const a = accounts({ users: [userRow({ email: 'me@example.com', password_hash: 'not-a-hash' })], signInRefusal: lock });
    // A real comparison against 'not-a-hash' would throw something else: the refusal comes first.
    await expect(a.service.login(login(), ctx())).rejects.toBe(lock);
    expect(a.log).toMatchObject({ failed: 0, succeeded: 0, signedIn: [] });
  });

  it('refuses a disabled account even with the right password, and issues no session', async () => {
    const a = accounts({ users: [userRow({ email: 'me@example.com', password_hash: await hashPassword(PASSWORD), status: 2 })] });
    await expect(a.service.login(login(), ctx())).rejects.toMatchObject({ key: 'err.account_disabled' });
    expect(a.log.succeeded).toBe(0);
  });

  it("signs a demo account in by its device's uuid, without reporting a new device", async () => {
    const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const a = accounts({ users: [userRow({ id: 9, is_demo: 1, demo_id: '812345678', demo_uuid_hash: sha256(uuid) })] });
    const { user } = await a.service.login(login({ login_type: LOGIN_TYPE_DEMO, account: '812345678', password: uuid }), ctx());
    expect(user.id).toBe(9);
    expect(a.log.signedIn).toEqual([]);
    await expect(
      a.service.login(login({ login_type: LOGIN_TYPE_DEMO, account: '812345678', password: 'another-device-uuid-0000' }), ctx()),
    ).rejects.toMatchObject({ key: 'err.password_wrong' });
  });
});
