import type { ContactType } from '../../../shared/api/send-code.api.ts';

/**
 * What the sign-up screens remember in memory (never in storage: a password is part of a draft):
 * - the register form's draft while the trader reads a sign-up document (/legal/…) and comes back (issue 21);
 * - the account just registered, so the login screen opens with it filled in.
 */
export interface RegisterDraft {
  mode: ContactType;
  account: string;
  mobile: string;
  code: string;
  password: string;
  repeat: string;
  invite: string;
  country: string | null;
  agreed: boolean;
}

let draft: RegisterDraft | null = null;
let registered: { mode: ContactType; account: string } | null = null;

export function keepRegisterDraft(d: RegisterDraft): void {
  draft = d;
}

/** The kept draft, once (a later visit to /register starts empty). */
export function takeRegisterDraft(): RegisterDraft | null {
  const d = draft;
  draft = null;
  return d;
}

export function rememberRegistered(mode: ContactType, account: string): void {
  registered = { mode, account };
  draft = null;
}

/** The account just registered, once: the login screen fills it in. */
export function takeRegistered(): { mode: ContactType; account: string } | null {
  const r = registered;
  registered = null;
  return r;
}
