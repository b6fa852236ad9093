import type { AnswerAt, CallArgs, CallMethod, IdOption, ParamsAt, PathOf, SentParams } from '@tradepad/contracts/client-types';
import { pathWithId } from '@tradepad/contracts/api-paths';
import { CODE_OK, CODE_SESSION_EXPIRED, type Envelope } from '@tradepad/contracts/envelope';
import { IDEMPOTENCY_HEADER } from '@tradepad/contracts/idempotency';
import { ApiError } from './api-error.ts';

/**
 * The one REST client (spec §7/§8, DESIGN §3). Every call goes through `apiGet`/`apiPost`, typed from the call's
 * contract (its parameters and its answer), over one transport: headers `lang` and `authorization`, a `t` timestamp
 * on GET and DELETE, form-encoded POST bodies, the `{code,msg,data}` envelope, the error toast, the 999 session reset
 * and the optional loading indicator. What it needs from the rest of the app (token, language, toasts, navigation)
 * is plugged in once with `configureApi`, so it has no UI imports.
 */

export type TransportFailure = 'network' | 'timeout' | 'http' | 'format' | 'offline' | 'unsure';

export type ParamValue = string | number | boolean | null | undefined;
export type Params = Record<string, ParamValue>;

export interface CallOptions {
  method?: 'GET' | 'POST' | 'DELETE';
  params?: Params;
  /** A multipart body (an upload) sent as is with POST, instead of the form-encoded `params`. */
  form?: FormData;
  /** A JSON body sent with POST instead of the form (a nested value such as a chart layout). */
  json?: unknown;
  /** Do not toast the server's `msg` (or the transport error) when the call fails. */
  silent?: boolean;
  /** Toast the server's `msg` when the call succeeds. */
  toastSuccess?: boolean;
  /** Show the global loading indicator while the call runs. */
  loading?: boolean;
  /** A 999 only clears the user, without going to /login (the startup user-info check). */
  quietSession?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * The Idempotency-Key of a call that creates or moves something (DESIGN §10): one per user action, the same for
   * every retry of that action (shared/api/action-mutation.ts makes them).
   */
  idempotencyKey?: string;
  /** The request outlives the page (a save sent as the page is left: reload, tab closed), when its body is 64 KB at most. */
  keepalive?: boolean;
}

export interface ApiHooks {
  origin(): string;
  token(): string | null;
  lang(): string;
  /** The server refused the session: reset the user; go to /login unless `redirect` is false. */
  sessionExpired(redirect: boolean): void;
  toastError(message: string): void;
  toastSuccess(message: string): void;
  /**
   * Local text for a transport failure. `offline`: a call that changes something was not sent, the browser being
   * offline; `unsure`: it was sent but no clear answer came (none within SEND_TIMEOUT_MS, a broken connection, a
   * gateway's 5xx), so it may or may not have been done.
   */
  transportMessage(kind: TransportFailure, status?: number): string;
  loadingStart(): void;
  loadingStop(): void;
}

const hooks: ApiHooks = {
  origin: () => '',
  token: () => null,
  lang: () => 'hk',
  sessionExpired: () => {},
  toastError: () => {},
  toastSuccess: () => {},
  transportMessage: (kind, status) => (status ? `${kind} ${status}` : kind),
  loadingStart: () => {},
  loadingStop: () => {},
};

export function configureApi(overrides: Partial<ApiHooks>): void {
  Object.assign(hooks, overrides);
}

const DEFAULT_TIMEOUT_MS = 20_000;
/**
 * How long a call that changes something (a POST: an order, a close, a withdrawal…) may take before it is abandoned
 * (issue 17: never an order sent long after the tap). Uploads set their own.
 */
export const SEND_TIMEOUT_MS = 6_000;

/** Whether the browser says it has no network (a call that changes something is then not sent at all). */
const browserOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;

function encode(params: Params | undefined): URLSearchParams {
  const out = new URLSearchParams();
  if (!params) return out;
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    out.append(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }
  return out;
}

/** The largest body a browser sends with `keepalive` (the Fetch standard's limit for requests that outlive the page). */
export const KEEPALIVE_MAX_BYTES = 64 * 1024;

/** Builds the request of a call; exported for tests. */
export function buildRequest(path: string, options: CallOptions, now = Date.now()): { url: string; init: RequestInit } {
  const method = options.method ?? 'GET';
  const query = encode(options.params);
  const headers: Record<string, string> = { lang: hooks.lang(), accept: 'application/json' };
  const token = hooks.token();
  if (token) headers.authorization = token;
  if (options.idempotencyKey) headers[IDEMPOTENCY_HEADER] = options.idempotencyKey;
  let url = `${hooks.origin()}${path}`;
  let body: string | FormData | undefined;
  if (method === 'GET' || method === 'DELETE') {
    query.set('t', String(now));
    url += `?${query.toString()}`;
  } else if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    // The browser writes the multipart content type with its boundary.
    body = options.form;
  } else {
    headers['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    body = query.toString();
  }
  // Browsers refuse a keepalive request over 64 KB outright: a larger body goes as an ordinary request (it may still
  // leave before the page does) rather than not at all.
  const keepalive =
    options.keepalive === true && typeof body === 'string' && new TextEncoder().encode(body).length <= KEEPALIVE_MAX_BYTES;
  return { url, init: { method, headers, body, credentials: 'same-origin', ...(keepalive ? { keepalive } : {}) } };
}

/**
 * Calls `path` as it is, contract or not, and resolves with the envelope's `data`, untyped; rejects with an ApiError
 * (already toasted unless silent). The app calls through `apiGet`/`apiPost`; this is the transport they share.
 */
export async function apiRequest(path: string, options: CallOptions = {}): Promise<unknown> {
  return (await sendEnvelope<unknown>(path, options)).data;
}

/**
 * An envelope as received: the transport resolves only with a success (code 1), whose `data` is the call's answer as
 * its contract's response schema says (the server checks its answers against it), `null` included where it allows.
 */
export type Answered<T> = Omit<Envelope<T>, 'data'> & { data: T };

/** The transport: `T` is the answer's type, which only the contract-typed helpers below give. */
async function sendEnvelope<T>(path: string, options: CallOptions): Promise<Answered<T>> {
  const { url, init } = buildRequest(path, options);
  const sends = init.method === 'POST';
  // Never held back for later: offline, a call that changes something is refused here and never sent.
  if (sends && browserOffline()) {
    const error = new ApiError('transport', hooks.transportMessage('offline'));
    if (!options.silent && error.message) hooks.toastError(error.message);
    throw error;
  }
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(
    () => {
      timedOut = true;
      controller.abort();
    },
    options.timeoutMs ?? (sends ? SEND_TIMEOUT_MS : DEFAULT_TIMEOUT_MS),
  );
  const timeoutKind = sends ? 'unsure' : 'timeout';
  const onOuterAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onOuterAbort, { once: true });
  if (options.signal?.aborted) controller.abort();

  if (options.loading) hooks.loadingStart();
  let loadingOpen = options.loading === true;
  const stopLoading = () => {
    if (loadingOpen) hooks.loadingStop();
    loadingOpen = false;
  };

  const fail = (error: ApiError): never => {
    stopLoading();
    if (!options.silent && error.kind !== 'aborted' && error.message) hooks.toastError(error.message);
    throw error;
  };

  try {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: controller.signal });
    } catch {
      if (timedOut) return fail(new ApiError('transport', hooks.transportMessage(timeoutKind)));
      if (controller.signal.aborted) return fail(new ApiError('aborted', ''));
      // A call that changes something left the app: the connection may have failed before or after the server
      // acted, so the user is told it may or may not have been done (never "try again" blindly).
      return fail(new ApiError('transport', hooks.transportMessage(sends ? 'unsure' : 'network')));
    }
    if (!response.ok) {
      // A gateway's 5xx on a call that changes something: the server behind it may have acted.
      const kind = sends && response.status >= 500 ? 'unsure' : 'http';
      return fail(new ApiError('transport', hooks.transportMessage(kind, response.status), response.status));
    }
    let envelope: Answered<T>;
    try {
      envelope = (await response.json()) as Answered<T>;
    } catch {
      if (timedOut) return fail(new ApiError('transport', hooks.transportMessage(timeoutKind)));
      if (controller.signal.aborted) return fail(new ApiError('aborted', ''));
      return fail(new ApiError('transport', hooks.transportMessage('format'), response.status));
    }
    if (!envelope || typeof envelope !== 'object' || typeof envelope.code !== 'number') {
      return fail(new ApiError('transport', hooks.transportMessage('format'), response.status));
    }
    if (envelope.code === CODE_SESSION_EXPIRED) {
      hooks.sessionExpired(!options.quietSession);
      const error = new ApiError('session', envelope.msg ?? '', envelope.code, envelope.data);
      if (options.quietSession) {
        stopLoading();
        throw error;
      }
      return fail(error);
    }
    if (envelope.code !== CODE_OK) {
      return fail(new ApiError('refused', envelope.msg ?? '', envelope.code, envelope.data));
    }
    stopLoading();
    if (options.toastSuccess && envelope.msg) hooks.toastSuccess(envelope.msg);
    return envelope;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onOuterAbort);
    stopLoading();
  }
}

/** A contract's parameters as a query string or a form carries them. */
export type WireParams<I> = SentParams<I, ParamValue>;

/** The options of a contract call; a path with `:id` needs the `id` to put there. */
export type ApiOptions<P> = Omit<CallOptions, 'method' | 'params'> & IdOption<P>;

/** What follows a contract call's path, in the app: its parameters as the wire carries them, then its options. */
type AppCallArgs<P, M extends CallMethod> = CallArgs<P, WireParams<ParamsAt<P, M>>, ApiOptions<P>>;

/** Sends a contract call: the options as given, the method and parameters of the helper, the `id` in the path. */
function sendCall<P extends string, M extends CallMethod>(
  path: P,
  method: M,
  params: WireParams<ParamsAt<P, M>> | undefined,
  options: Partial<ApiOptions<P>> = {},
): Promise<Answered<AnswerAt<P, M>>> {
  const { id, ...rest } = options;
  return sendEnvelope<AnswerAt<P, M>>(pathWithId(path, id), { ...rest, method, params });
}

/**
 * GET a contract's `path` with query params: `params` and the answer are typed from the call's contract
 * (`apiGet(API.deals, {status, page})` resolves with a `DealList`).
 */
export async function apiGet<P extends PathOf<'GET'>>(
  path: P,
  ...[params, options]: AppCallArgs<P, 'GET'>
): Promise<AnswerAt<P, 'GET'>> {
  return (await sendCall(path, 'GET', params, options)).data;
}

/** POST a contract's `path` with a form-encoded body (or `options.form`); typed as `apiGet`. */
export async function apiPost<P extends PathOf<'POST'>>(
  path: P,
  ...[params, options]: AppCallArgs<P, 'POST'>
): Promise<AnswerAt<P, 'POST'>> {
  return (await sendCall(path, 'POST', params, options)).data;
}

/** Like `apiPost` but resolves with the whole envelope (for callers that need `msg`). */
export function apiPostEnvelope<P extends PathOf<'POST'>>(path: P, ...[params, options]: AppCallArgs<P, 'POST'>) {
  return sendCall(path, 'POST', params, options);
}

/** A file a call answered with: its bytes and the name the server gave it (`Content-Disposition`). */
export interface Download {
  blob: Blob;
  fileName: string;
}

/**
 * GETs a file with the app's usual headers (`authorization`, `lang`): a browser's own download could not send the
 * token. The server answers a refusal as the usual envelope instead of a file; it is toasted and thrown like any
 * other call's.
 */
export async function apiDownload(path: string, params: Params, fallbackName: string): Promise<Download> {
  const { url, init } = buildRequest(path, { method: 'GET', params });
  const fail = (error: ApiError): never => {
    if (error.message) hooks.toastError(error.message);
    throw error;
  };
  hooks.loadingStart();
  try {
    let response: Response;
    try {
      response = await fetch(url, { ...init, headers: { ...(init.headers as Record<string, string>), accept: '*/*' } });
    } catch {
      return fail(new ApiError('transport', hooks.transportMessage('network')));
    }
    if (!response.ok) return fail(new ApiError('transport', hooks.transportMessage('http', response.status), response.status));
    if ((response.headers.get('content-type') ?? '').includes('application/json')) {
      const envelope = (await response.json().catch(() => null)) as Envelope<unknown> | null;
      if (!envelope || typeof envelope.code !== 'number')
        return fail(new ApiError('transport', hooks.transportMessage('format')));
      if (envelope.code === CODE_SESSION_EXPIRED) {
        hooks.sessionExpired(true);
        return fail(new ApiError('session', envelope.msg ?? '', envelope.code));
      }
      return fail(new ApiError('refused', envelope.msg ?? '', envelope.code, envelope.data));
    }
    const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
    return { blob: await response.blob(), fileName: named ?? fallbackName };
  } finally {
    hooks.loadingStop();
  }
}

/** Hands a downloaded file to the browser to save, under its name. */
export function saveDownload({ blob, fileName }: Download): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked once the browser has taken the file.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
