import type { AnswerAt, CallArgs, IdOption, ParamsAt, PathOf, SentParams } from '@tradepad/contracts/client-types';
import { pathWithId } from '@tradepad/contracts/api-paths';
import { CODE_OK, CODE_SESSION_EXPIRED, type Envelope } from '@tradepad/contracts/envelope';
import { IDEMPOTENCY_HEADER } from '@tradepad/contracts/idempotency';

const TOKEN_KEY = 'tradepad.admin.token';

/** The staff session token, kept across reloads. */
export const session = {
  get: () => localStorage.getItem(TOKEN_KEY),
  set: (token: string) => localStorage.setItem(TOKEN_KEY, token),
  clear: () => localStorage.removeItem(TOKEN_KEY),
};

/**
 * A refused call: `message` is the server's `msg`, already in the console's language, and is what the console shows.
 * `status` is the envelope code (0 refused, 999 session over, -1 unreachable); react-admin reads `status` to decide
 * whether the session is over (authProvider.checkError).
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The refusal's `data`, such as `{"totp_required": true}` or `{"captcha_required": true}` at sign-in. */
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The language the server answers `msg` in (DESIGN §3 `lang` header); set by the i18n provider. */
let serverLang = 'en';
export const setServerLang = (lang: string) => {
  serverLang = lang;
};

/** Said when the server cannot be reached; replaced by the console's translation once it is loaded. */
let unreachable = 'The server could not be reached. Check the connection and try again.';
export const setUnreachableMessage = (text: string) => {
  unreachable = text;
};

/**
 * A new Idempotency-Key (DESIGN §10): one per click on a decision (approve, reject, …), so a repeat of that request
 * is answered with the first decision instead of being made twice. The contracts' helper, shared with the app.
 */
export { newIdempotencyKey } from '@tradepad/contracts/idempotency';

/**
 * Calls the back-office API and unwraps the envelope `{code, msg, data}`: code 1 answers `data`; any other code
 * throws an ApiError carrying `msg` (999: the session is missing or expired). `idempotencyKey` goes with the calls
 * that create or move something. The console calls through `apiGet`/`apiPost` below, typed from the contracts; this
 * stays for the data provider, whose path comes from a react-admin resource name only known at run time.
 */
export async function call<T>(
  method: 'GET' | 'POST',
  url: string,
  body?: object,
  signal?: AbortSignal,
  idempotencyKey?: string,
): Promise<T> {
  const headers: Record<string, string> = { lang: serverLang };
  const token = session.get();
  if (token) headers.authorization = token;
  if (idempotencyKey) headers[IDEMPOTENCY_HEADER] = idempotencyKey;
  if (body) headers['content-type'] = 'application/json';
  let env: Envelope<T>;
  try {
    const res = await fetch(url, { method, headers, body: body ? JSON.stringify(body) : undefined, signal });
    env = (await res.json()) as Envelope<T>;
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError(unreachable, -1);
  }
  if (env.code === CODE_SESSION_EXPIRED) session.clear();
  if (env.code !== CODE_OK) throw new ApiError(env.msg, env.code, env.data);
  return env.data as T;
}

/** `url?k=v&…`, leaving out empty values. */
export function withQuery(url: string, params: Record<string, string | number | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `${url}?${s}` : url;
}

/** The options of a contract call: a path with `:id` needs the `id` to put there. */
export type ApiOptions<P> = { signal?: AbortSignal; idempotencyKey?: string } & IdOption<P>;

type QueryValue = string | number | undefined | null;

/**
 * GET a contract's `path`, its parameters in the query string (empty ones left out): the parameters and the answer
 * are typed from the call's contract (`apiGet(ADMIN_API.risk)` resolves with a `RiskAnswer`).
 */
export function apiGet<P extends PathOf<'GET'>>(
  path: P,
  ...[params, options]: CallArgs<P, SentParams<ParamsAt<P, 'GET'>, QueryValue>, ApiOptions<P>>
): Promise<AnswerAt<P, 'GET'>> {
  const url = pathWithId(path, options?.id);
  return call<AnswerAt<P, 'GET'>>('GET', params ? withQuery(url, params) : url, undefined, options?.signal);
}

/** POST a contract's `path` with a JSON body; typed as `apiGet`. */
export function apiPost<P extends PathOf<'POST'>>(
  path: P,
  ...[body, options]: CallArgs<P, SentParams<ParamsAt<P, 'POST'>>, ApiOptions<P>>
): Promise<AnswerAt<P, 'POST'>> {
  const url = pathWithId(path, options?.id);
  return call<AnswerAt<P, 'POST'>>('POST', url, body, options?.signal, options?.idempotencyKey);
}

/**
 * Downloads a list as CSV (`format=csv` with the list's filters; empty ones and `status: 'all'` left out) and saves it
 * as `<name>.csv`. A refusal comes back as the envelope and is thrown as an ApiError with the server's message.
 */
export async function downloadCsv(
  path: string,
  filters: Record<string, string | number | boolean | undefined | null>,
  name: string,
): Promise<void> {
  const query: Record<string, string | number | undefined | null> = {};
  for (const [k, v] of Object.entries(filters))
    if (k !== 'page' && k !== 'limit' && !(k === 'status' && v === 'all')) query[k] = typeof v === 'boolean' ? Number(v) : v;
  const headers: Record<string, string> = { lang: serverLang };
  const token = session.get();
  if (token) headers.authorization = token;
  let res: Response;
  try {
    res = await fetch(withQuery(path, { ...query, format: 'csv' }), { headers });
  } catch {
    throw new ApiError(unreachable, -1);
  }
  if (!(res.headers.get('content-type') ?? '').startsWith('text/csv')) {
    const env = (await res.json().catch(() => ({ code: -1, msg: '' }))) as Envelope<unknown>;
    if (env.code === CODE_SESSION_EXPIRED) session.clear();
    throw new ApiError(env.msg, env.code);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `${name}.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
