import { ADMIN_API } from '@tradepad/contracts/api-paths';
import type { Envelope, Paged } from '@tradepad/contracts/envelope';

const TOKEN_KEY = 'tradepad.admin.token';

export const session = {
  get: () => localStorage.getItem(TOKEN_KEY),
  set: (token: string) => localStorage.setItem(TOKEN_KEY, token),
  clear: () => localStorage.removeItem(TOKEN_KEY),
};

export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

/** Listeners told when the server answers 999 (session missing or expired), so the app can go back to sign-in. */
const expiredListeners = new Set<() => void>();
export function onSessionExpired(listener: () => void): () => void {
  expiredListeners.add(listener);
  return () => expiredListeners.delete(listener);
}

/** Calls the back-office API and unwraps the envelope; code 999 clears the session. */
export async function call<T>(method: 'GET' | 'POST', url: string, body?: Record<string, unknown>): Promise<T> {
  const headers: Record<string, string> = { lang: 'en' };
  const token = session.get();
  if (token) headers.authorization = token;
  if (body) headers['content-type'] = 'application/json';
  let env: Envelope<T>;
  try {
    const res = await fetch(url, { method, headers, body: body ? JSON.stringify(body) : undefined });
    env = (await res.json()) as Envelope<T>;
  } catch {
    throw new ApiError('The server could not be reached. Check the connection and try again.', -1);
  }
  if (env.code === 999) {
    session.clear();
    expiredListeners.forEach((l) => l());
  }
  if (env.code !== 1) throw new ApiError(env.msg, env.code);
  return env.data as T;
}

/** `url?k=v&…`, leaving out empty values. */
export function withQuery(url: string, params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `${url}?${s}` : url;
}

/** The message to show for a failed call. */
export const errorMessage = (err: unknown) => (err instanceof Error && err.message ? err.message : 'Something went wrong.');

export interface Staff {
  id: number;
  email: string;
  name: string;
  role: string;
}

export interface OutboxItem {
  id: number;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  created_at: number;
}

export const login = (email: string, password: string) =>
  call<Staff & { token: string }>('POST', ADMIN_API.login, { email, password });
export const me = () => call<Staff>('GET', ADMIN_API.me);
export const logout = () => call<null>('POST', ADMIN_API.logout);
export const outbox = (page: number) => call<Paged<OutboxItem>>('GET', `${ADMIN_API.outbox}?page=${page}&limit=50`);

/** A review queue's filter (`reviewListParams` in contracts). */
export interface QueueQuery {
  status?: number;
  user_id?: number;
  page: number;
  limit: number;
}
