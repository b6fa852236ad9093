/** Envelope codes of every REST response (DESIGN §3). */
export const CODE_OK = 1;
export const CODE_REFUSED = 0;
/** The session is missing or expired: the app resets the user and goes to /login. */
export const CODE_SESSION_EXPIRED = 999;

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T | null;
}

/** A page of a paged list: `page` starts at 1, `limit` defaults to 20 and is at most 100. */
export interface Paged<T> {
  data: T[];
  total: number;
}
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
