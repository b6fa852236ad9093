import sharp from 'sharp';
import { expect } from 'vitest';
import { ADMIN_API, API, type DepositCoinOption } from '@tradepad/contracts';
import type { ManualClock } from '../src/ports/clock.ts';
import { ADMIN, type Envelope, type Harness } from './harness.ts';
import { signInStaff } from './staff-totp.ts';

/** The people of the wallet tests: real users registered by mail, demo users, staff. */

export const PASSWORD = 'Harbour26x';

/**
 * What every sign-up carries since issue 21 (DESIGN §13): the documents accepted and, for an e-mail sign-up, the
 * country of residence (Hong Kong, not a restricted region). Spread into a `register` call's parameters.
 */
export const SIGN_UP_CONSENT = { agree_terms: 1, country: 'HK' } as const;

export interface TestUser {
  id: number;
  email: string;
  token: string;
  invite: string;
  /** Calls the API as this user: GET for reads, POST otherwise (as the app does). */
  get(path: string, params?: Record<string, unknown>): Promise<Envelope>;
  post(path: string, params?: Record<string, unknown>): Promise<Envelope>;
  /** Uploads an image and returns its `url`. */
  upload(image?: Buffer): Promise<string>;
}

let seq = 0;

/** Registers a real user by email (the code read from the real SMTP sink) and logs in. */
export async function realUser(h: Harness, clock: ManualClock, extra: Record<string, unknown> = {}): Promise<TestUser> {
  const email = `trader${seq++}.${Date.now()}@example.com`;
  clock.advance(61_000);
  expect((await h.call('POST', API.sendEmail, { email, type: 1 })).code).toBe(1);
  const reg = await h.call('POST', API.register, {
    type: 1,
    account: email,
    password: PASSWORD,
    re_password: PASSWORD,
    sms_code: h.lastCode(email),
    ...SIGN_UP_CONSENT,
    ...extra,
  });
  expect(reg.code, reg.msg).toBe(1);
  const login = await h.call('POST', API.login, { account: email, password: PASSWORD, login_type: 1 });
  expect(login.code, login.msg).toBe(1);
  return asUser(h, login.data.token as string, Number(login.data.id), email, String(login.data.invite_code));
}

/**
 * A type-4 code (confirm a withdrawal or a new method), mailed to the user's own address and read from the SMTP sink.
 * Moves the clock past the resend wait first.
 */
export async function ownerCode(h: Harness, clock: ManualClock, u: TestUser): Promise<string> {
  clock.advance(61_000);
  const sent = await u.post(API.sendEmail, { type: 4 });
  expect(sent.code, sent.msg).toBe(1);
  return h.lastCode(u.email);
}

export async function demoUser(h: Harness): Promise<TestUser> {
  const uuid = `${(seq++).toString(16).padStart(8, '0')}-9b7d-4c1e-8a2b-6d5e4f3a2b1c`;
  const demo = await h.call('GET', API.createDemo, { uuid });
  const login = await h.call('POST', API.login, { account: demo.data.demo_id, password: uuid, login_type: 3 });
  return asUser(h, login.data.token as string, Number(login.data.id), '', '');
}

/** The calls the app sends as GET because they only read; `DemoTrader.call` sends every other call as POST. */
const READS: readonly string[] = [API.deals, API.accountSummary, API.ledger, API.getBalance, API.forexDetail, API.stopoutReports];

/** A demo trader of the trading tests: calls without a `lang` header (answers in the default language). */
export interface DemoTrader {
  token: string;
  /** Calls the API as this trader: GET for the reads, POST otherwise (as the app does). */
  call(path: string, params?: Record<string, unknown>): Promise<Envelope>;
}

export async function demoTrader(h: Harness): Promise<DemoTrader> {
  const uuid = `${(seq++).toString(16).padStart(8, '0')}-9b7d-4c1e-8a2b-6d5e4f3a2b1c`;
  const demo = await h.call('GET', API.createDemo, { uuid });
  const login = await h.call('POST', API.login, { account: demo.data.demo_id, password: uuid, login_type: 3 });
  const token = login.data.token as string;
  return {
    token,
    call: (path, params = {}) => h.call(READS.includes(path) ? 'GET' : 'POST', path, params, { authorization: token }),
  };
}

function asUser(h: Harness, token: string, id: number, email: string, invite: string): TestUser {
  const headers = { authorization: token, lang: 'en' };
  return {
    id,
    email,
    token,
    invite,
    get: (path, params = {}) => h.call('GET', path, params, headers),
    post: (path, params = {}) => h.call('POST', path, params, headers),
    async upload(image) {
      const r = await uploadImage(h, token, image ?? (await pngOf(seq++)));
      expect(r.code, r.msg).toBe(1);
      return r.data.url as string;
    },
  };
}

/** A small PNG, different for every `n` (so each upload is a distinct image). */
export function pngOf(n: number): Promise<Buffer> {
  return sharp({ create: { width: 24, height: 16, channels: 3, background: { r: n % 256, g: (n * 7) % 256, b: 90 } } })
    .png()
    .toBuffer();
}

/** POSTs one image as a browser's FormData would. */
export async function uploadImage(h: Harness, token: string, data: Buffer, type = 'image/png'): Promise<Envelope> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type }), 'proof.png');
  const res = await fetch(`${h.baseUrl}${API.imageUpload}`, {
    method: 'POST',
    body: form,
    headers: { authorization: token, lang: 'en' },
  });
  return (await res.json()) as Envelope;
}

/** Credits `usd` to `u` as a real deposit does: a USDT (TRC20) deposit with a proof photo, approved by `admin`. */
export async function approvedDeposit(u: TestUser, admin: Staff, usd: string): Promise<void> {
  const coins = (await u.get(API.depositCoins)).data as DepositCoinOption[];
  const trc = coins.find((c) => c.protocol_code === 'TRC20')!;
  const d = await u.post(API.depositSubmit, { charge_id: trc.id, number: usd, proofImg: await u.upload() });
  expect(d.code, d.msg).toBe(1);
  expect((await admin.post(`${ADMIN_API.deposits}/${d.data.id}/approve`)).code).toBe(1);
}

/** `u`'s real-name application (Alice Chan, both sides of the card), approved by `admin`. */
export async function approvedKyc(u: TestUser, admin: Staff, cardId = `ID${Math.floor(Math.random() * 1e9)}`): Promise<void> {
  const r = await u.post(API.realName, {
    name: 'Alice Chan',
    card_id: cardId,
    front_pic: await u.upload(),
    reverse_pic: await u.upload(),
  });
  expect(r.code, r.msg).toBe(1);
  const queue = await admin.get(ADMIN_API.kyc, { status: 1, user_id: u.id });
  expect((await admin.post(`${ADMIN_API.kyc}/${queue.data.data[0].id}/approve`)).code).toBe(1);
}

/**
 * `u` real-name approved by `admin` and opening a copy-trading strategy (DESIGN §18) named `name` with a performance
 * fee of `performanceFeePercent` and no management fee: the strategy's id.
 */
export async function openedStrategy(u: TestUser, admin: Staff, name: string, performanceFeePercent = '0'): Promise<number> {
  await approvedKyc(u, admin);
  const opened = await u.post(API.copyStrategies, {
    name,
    performance_fee_percent: performanceFeePercent,
    management_fee_percent: '0',
  });
  expect(opened.code, opened.msg).toBe(1);
  return Number(opened.data.id);
}

export interface Staff {
  token: string;
  get(path: string, params?: Record<string, unknown>): Promise<Envelope>;
  post(path: string, params?: Record<string, unknown>): Promise<Envelope>;
  /** Posts a JSON body (nested fields, as the back-office console sends them). */
  postJson(path: string, body: unknown): Promise<Envelope>;
}

/** Staff tokens per server: a live one is reused, since each sign-in spends a TOTP step (staff-totp.ts). */
const staffTokens = new WeakMap<Harness, Map<string, string>>();

async function staffToken(h: Harness, email: string, password: string, fresh = false): Promise<string> {
  const tokens = staffTokens.get(h) ?? new Map<string, string>();
  staffTokens.set(h, tokens);
  const cached = tokens.get(email);
  if (cached && !fresh) {
    const me = await h.call('GET', ADMIN_API.me, {}, { authorization: cached });
    if (me.code === 1 && me.data.totp_pending === false) return cached;
  }
  const { token } = await signInStaff(h.call, h.staffSecrets, { email, password }, h.now());
  tokens.set(email, token);
  return token;
}

/**
 * The first super admin, or a new staff member of `role` created by it (signed in with TOTP, enrolled if need be).
 * `fresh`: a new session rather than a live one reused (a test of the session's own lifetime).
 */
export async function staff(h: Harness, role?: string, { fresh = false }: { fresh?: boolean } = {}): Promise<Staff> {
  const login = async (email: string, password: string) => {
    const token = await staffToken(h, email, password, fresh);
    const headers = { authorization: token, lang: 'en' };
    return {
      token,
      get: (path: string, params: Record<string, unknown> = {}) => h.call('GET', path, params, headers),
      post: (path: string, params: Record<string, unknown> = {}) => h.call('POST', path, params, headers),
      postJson: async (path: string, body: unknown) =>
        (await h.app.inject({ method: 'POST', url: path, payload: body as object, headers })).json() as Envelope,
    };
  };
  const admin = await login(ADMIN.email, ADMIN.password);
  if (!role) return admin;
  const email = `${role}${seq++}@tradepad.example`;
  const created = await admin.post(ADMIN_API.staff, { email, name: role, password: 'Staff12345', role });
  expect(created.code, created.msg).toBe(1);
  return login(email, 'Staff12345');
}
