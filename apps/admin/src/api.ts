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

/** Calls the back-office API and unwraps the envelope; code 999 clears the session. */
export async function call<T>(method: 'GET' | 'POST', url: string, body?: Record<string, unknown>): Promise<T> {
  const headers: Record<string, string> = { lang: 'en' };
  const token = session.get();
  if (token) headers.authorization = token;
  if (body) headers['content-type'] = 'application/json';
  const res = await fetch(url, { method, headers, body: body ? JSON.stringify(body) : undefined });
  const env = (await res.json()) as Envelope<T>;
  if (env.code === 999) session.clear();
  if (env.code !== 1) throw new ApiError(env.msg, env.code);
  return env.data as T;
}

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
