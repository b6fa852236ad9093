import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ADMIN_API, API, type TradeItem } from '@tradepad/contracts';
import { chromium, errors, type Browser, type BrowserContext, type Download, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { chromiumPath, CHROMIUM_ARGS } from './chromium.ts';
import { codeIn, startMailSink } from '../../apps/server/test/mail-sink.ts';
import { nextStaffCode, signInStaff, staffSecrets } from '../../apps/server/test/staff-totp.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const SHOTS_DIR = path.join(ROOT, '.tmp', 'screenshots');
export const ADMIN = { email: 'admin@example.com', password: 'Admin12345' };
export const PHONE = { width: 390, height: 844 };
/** What every sign-up carries since issue 21 (DESIGN §13): the documents accepted and the country of residence. */
export const SIGN_UP_CONSENT = { agree_terms: '1', country: 'HK' } as const;

/**
 * A real product for browser tests: the server started as `npm start` starts it (built front ends, SQLite in a temp
 * folder, simulator; its TypeScript through tsx, where `npm start` runs the esbuild bundle), mail delivered to a real local SMTP server, and Debian's Chromium driven by playwright-core.
 */
export interface E2E {
  baseUrl: string;
  browser: Browser;
  mail: Array<{ to: string; raw: string }>;
  newPage(opts?: {
    lang?: string;
    width?: number;
    height?: number;
    /** The browser's language (`navigator.languages`), zh-HK unless given. */
    locale?: string;
    colorScheme?: 'light' | 'dark';
    /** A phone (touch, mobile) whatever the width: a phone turned sideways is 844 wide. Narrower than 600 unless given. */
    phone?: boolean;
  }): Promise<{ context: BrowserContext; page: Page }>;
  lastCode(email: string): Promise<string>;
  api(method: 'GET' | 'POST', url: string, params?: Record<string, string>, headers?: Record<string, string>): Promise<any>;
  shot(page: Page, name: string): Promise<void>;
  /** Signs a staff member in through the API, enrolling TOTP on the first sign-in (staff-totp.ts): the token. */
  staffLogin(who: { email: string; password: string }): Promise<string>;
  /** A fresh authenticator code of a staff member `staffLogin` enrolled (waits for the next 30-s step if need be). */
  staffCode(email: string): Promise<string>;
  /**
   * Signs a staff member in through the back office's sign-in page (`/admin/` + `query`, e.g. `?lang=hk`), with the
   * authenticator code it asks for (the member enrolled by `staffLogin` first); resolves once the navigation shows.
   */
  staffSignIn(page: Page, who: { email: string; password: string }, query?: string): Promise<void>;
  /** Registers a trader by an e-mailed code and signs in through the API: the token and the user id. */
  registerTrader(email: string, password: string): Promise<{ token: string; id: number }>;
  close(): Promise<void>;
}

export { chromiumPath } from './chromium.ts';

export async function startE2E(extraEnv: Record<string, string> = {}): Promise<E2E> {
  const sink = await startMailSink();
  const mail = sink.mail;

  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradepad-e2e-'));
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://e2e:e2e@127.0.0.1:${sink.port}`,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // Short generated history keeps start-up quick; suites that need more pass their own.
      HISTORY_DAYS: '2',
      HISTORY_LONG_DAYS: '20',
      ...extraEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, server);

  // The tier's shared Chromium (shared-browser.ts) when there is one: `close()` then ends only this file's connection
  // and the contexts it opened.
  const endpoint = inject('chromiumWsEndpoint');
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('Chromium not found: apt-get install chromium');
  const browser = endpoint ? await chromium.connect(endpoint) : await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  fs.mkdirSync(SHOTS_DIR, { recursive: true });

  const secrets = staffSecrets();
  /**
   * The console token each staff member's last sign-in through the page left. An authenticator code serves once per
   * 30-s step, so a third sign-in of one member within a step would wait up to 30 s: a later `staffSignIn` opens the
   * console as that sign-in left it instead, while the server still takes the token; the sign-in page itself is then
   * exercised once per member and server (and by the sign-in tests, which fill it themselves).
   */
  const consoleSessions = new Map<string, string>();
  let restoreCount = 0;
  async function restoreConsoleSession(page: Page, email: string, query: string): Promise<boolean> {
    const token = consoleSessions.get(email);
    if (!token) return false;
    const me = await e2e.api('GET', ADMIN_API.me, {}, { authorization: token });
    if (me.code !== 1 || me.data.totp_pending || me.data.must_change_password) {
      consoleSessions.delete(email);
      return false;
    }
    // Once per call and tab (a later sign-out in the test must stick), before the console's own scripts run.
    const flag = `e2e.restored.${++restoreCount}`;
    await page.addInitScript(
      ([key, t, staff]) => {
        try {
          if (sessionStorage.getItem(key)) return;
          sessionStorage.setItem(key, '1');
          localStorage.setItem('tradepad.admin.token', t);
          localStorage.setItem('tradepad.admin.staff', staff);
        } catch {
          // about:blank and other opaque origins have no storage
        }
      },
      [flag, token, JSON.stringify(me.data)] as const,
    );
    await page.goto(`/admin/${query}`);
    await page.locator('nav a').first().waitFor();
    return true;
  }
  const e2e: E2E = {
    baseUrl,
    browser,
    mail,
    async newPage(opts = {}) {
      const context = await browser.newContext({
        viewport: { width: opts.width ?? PHONE.width, height: opts.height ?? PHONE.height },
        deviceScaleFactor: 1,
        isMobile: opts.phone ?? (opts.width ?? PHONE.width) < 600,
        hasTouch: opts.phone ?? (opts.width ?? PHONE.width) < 600,
        baseURL: baseUrl,
        // A browser in Traditional Chinese unless a test says otherwise: the app opens in the browser's language on a
        // first visit (DESIGN §17), and tests without `lang` were written for hk.
        locale: opts.locale ?? 'zh-HK',
        colorScheme: opts.colorScheme ?? 'light',
      });
      if (opts.lang) await context.addInitScript((lang) => localStorage.setItem('tradepad.lang', lang), opts.lang);
      const page = await context.newPage();
      page.on('pageerror', (err) => console.error('page error:', err.message));
      return { context, page };
    },
    async lastCode(email) {
      for (let i = 0; i < 50; i++) {
        const code = codeIn(sink.textsTo(email).at(-1));
        if (code) return code;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no code mailed to ${email}`);
    },
    async api(method, url, params = {}, headers = {}) {
      const qs = new URLSearchParams(params).toString();
      const res =
        method === 'GET'
          ? await fetch(`${baseUrl}${url}${qs ? `?${qs}` : ''}`, { headers: { lang: 'en', ...headers } })
          : await fetch(`${baseUrl}${url}`, {
              method,
              headers: { lang: 'en', 'content-type': 'application/x-www-form-urlencoded', ...headers },
              body: qs,
            });
      return res.json();
    },
    async staffLogin(who) {
      return (await signInStaff(e2e.api, secrets, who)).token;
    },
    staffCode: (email) => nextStaffCode(secrets, email),
    async registerTrader(email, password) {
      await registerByMail(e2e, email, password);
      const login = await e2e.api('POST', API.login, { account: email, password, login_type: '1' });
      if (login.code !== 1) throw new Error(`sign-in of ${email} refused: ${login.msg}`);
      return { token: String(login.data.token), id: Number(login.data.id) };
    },
    async staffSignIn(page, who, query = '') {
      if (await restoreConsoleSession(page, who.email, query)) return;
      await page.goto(`/admin/${query}`);
      await page.locator('input[type=email]').fill(who.email);
      await page.locator('input[type=password]').fill(who.password);
      await page.locator('button[type=submit]').click();
      await page.getByTestId('admin-login-totp').fill(await nextStaffCode(secrets, who.email));
      await page.locator('button[type=submit]').click();
      await page.locator('nav a').first().waitFor();
      const token = await page.evaluate(() => localStorage.getItem('tradepad.admin.token'));
      if (token) consoleSessions.set(who.email, token);
    },
    async shot(page, name) {
      await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`) });
    },
    async close() {
      await browser.close();
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
      await sink.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return e2e;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

async function waitForHealth(baseUrl: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('server did not become healthy in 60 s');
}

/**
 * Waits (up to 30 s) until the simulator quotes `code` afresh and its market is open: orders need a fresh quote
 * (DESIGN §5), and BTCUSD trades every day. Answers the instrument as the trade list shows it then.
 */
export async function liveQuote(e: E2E, code = 'BTCUSD'): Promise<TradeItem> {
  let found: TradeItem | undefined;
  for (let i = 0; i < 120; i++) {
    const list = (await e.api('GET', API.tradeList, { searchCurrency: code })).data as TradeItem[];
    found = list.find((x) => x.Code === code);
    if (found?.MarketStatus === 1 && Date.now() - found.ForexQuotations.Time < 3_000) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no fresh ${code} quote within 30 s`);
}

/**
 * Goes to `path` inside the trader app (its router follows the history), as a tap on a link would, without loading
 * the page again: cheaper than `page.goto`, and the language chosen in the tab stays (newPage's `lang` is set again on
 * every load).
 */
export function navigateInApp(page: Page, path: string): Promise<void> {
  return page.evaluate((to) => {
    window.history.pushState({ idx: (window.history.state?.idx ?? 0) + 1, key: `e2e${Date.now()}` }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * Waits until nothing finite is animating (a sheet sliding in, a dialog or toast fading, a price's flash): at most
 * `atMost` ms, the fixed pause this replaces, so a busy page is never waited on longer than before; looping animations
 * (a spinner) do not count.
 */
export async function animationsDone(page: Page, atMost: number): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout: atMost, polling: 'raf' },
    )
    .catch((err: unknown) => {
      // Still moving after `atMost`: go on, as the pause did.
      if (!(err instanceof errors.TimeoutError)) throw err;
    });
}

/**
 * A download's bytes. Read through the browser's stream: the tier shares one Chromium (shared-browser.ts), whose
 * downloads are not files of this process, so `download.path()` is refused there.
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** How far the page sticks out sideways past the viewport, in CSS pixels (0 or less: nothing overflows). */
export function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** What a sign-in answers: the session's token beside the profile the app stores with it. */
export type SignIn = { token: string } & Record<string, unknown>;

/** A demo account (100,000 USD) made for the device `uuid` and signed in through the API: the sign-in's answer. */
export async function demoLogin(e: E2E, uuid: string): Promise<SignIn> {
  const demo = await e.api('GET', API.createDemo, { uuid });
  const login = await e.api('POST', API.login, { account: demo.data.demo_id, password: uuid, login_type: '3' });
  if (login.code !== 1) throw new Error(`demo sign-in for ${uuid} refused: ${login.msg}`);
  return login.data as SignIn;
}

/**
 * A new page in `lang` whose app starts signed in as `login` (its token and profile stored as the app stores them at
 * sign-in), and on `instrument` when given (the trade screen's last instrument).
 */
export async function signedInPage(
  e: E2E,
  login: SignIn,
  opts: { lang?: string; instrument?: { forexId: number; code: string } } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await e.newPage({ lang: opts.lang });
  await context.addInitScript(
    ([t, p, i]) => {
      localStorage.setItem('tradepad.token', t);
      localStorage.setItem('tradepad.profile', p);
      if (i) localStorage.setItem('tradepad.instrument', i);
    },
    [login.token, JSON.stringify(login), opts.instrument ? JSON.stringify(opts.instrument) : ''] as const,
  );
  return { context, page };
}

/** Registers a trader with the code mailed to `email`, without signing in (a test may count the sign-ins). */
export async function registerByMail(e: E2E, email: string, password: string): Promise<void> {
  const sent = await e.api('POST', API.sendEmail, { email, type: '1' });
  if (sent.code !== 1) throw new Error(`code to ${email} not sent: ${sent.msg}`);
  const reg = await e.api('POST', API.register, {
    type: '1',
    account: email,
    password,
    re_password: password,
    sms_code: await e.lastCode(email),
    ...SIGN_UP_CONSENT,
  });
  if (reg.code !== 1) throw new Error(`registration of ${email} refused: ${reg.msg}`);
}

/**
 * Waits for `wait`; if it fails, the error says where the page was and what it showed (its address, headings, any
 * alert and the start of its text) and a screenshot `failed-<name>` is kept: a flake seen once in CI can be read later.
 */
export async function explainedWait(page: Page, name: string, wait: Promise<unknown>): Promise<void> {
  try {
    await wait;
  } catch (err) {
    const shown = await page
      .evaluate(() => ({
        headings: [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => h.textContent?.trim()).join(' | '),
        alerts: [...document.querySelectorAll('[role=alert], [role=progressbar]')]
          .map((a) => a.getAttribute('role') + ': ' + (a.textContent?.trim() ?? ''))
          .join(' | '),
        text: (document.querySelector('main') ?? document.body).textContent?.replace(/\s+/g, ' ').slice(0, 400),
      }))
      .catch((e: unknown) => ({ headings: '', alerts: '', text: `unreadable: ${String(e)}` }));
    await page.screenshot({ path: path.join(SHOTS_DIR, `failed-${name}.png`) }).catch(() => undefined);
    throw new Error(
      `${err instanceof Error ? err.message : String(err)}\nat ${page.url()}\nheadings: ${shown.headings}\n` +
        `alerts: ${shown.alerts}\ntext: ${shown.text}`,
    );
  }
}
