import type { StaffRow, UserRow } from '../db/schema.ts';

/** A trader signed in: their row and the session the request came with. */
export interface Authenticated {
  user: UserRow;
  sessionId: number;
}

declare const realAccount: unique symbol;

/**
 * A trader's row checked to be a real (not demo) account (DESIGN §6). The router checks it once for every call whose
 * contract is `real` and hands the handler this type; services that serve real accounts only (the wallet, real-name
 * verification) take it instead of checking again, so the compiler shows a call that skipped the check.
 */
export type RealUser = UserRow & { readonly [realAccount]: true };

/** A real trader signed in: what the router hands a `real` call's handler. */
export interface RealAuthenticated extends Authenticated {
  user: RealUser;
}

/** Whether a trader's row is a real account: the one place a {@link RealUser} is made. */
export const isRealUser = (user: UserRow): user is RealUser => !user.is_demo;

/**
 * The second factor at sign-in (modules/twofactor): resolves false when the account has none, true once the code
 * passed; throws the refusal (`{"totp_required": true}` when the code is missing) otherwise.
 */
export interface SecondFactorCheck {
  atLogin(kind: 'user' | 'staff', id: number, code: string | undefined): Promise<boolean>;
}

/** Who acts, for the audit log: the staff member and the address the request came from. */
export interface Actor {
  staffId: number;
  /** The validated client address (clientIp). */
  ip: string;
  /** The socket peer (socketPeer), kept beside it. */
  peer: string;
}

/** A signed-in staff member, the session they act in, and the actor to audit. */
export interface StaffContext {
  staff: StaffRow;
  sessionId: number;
  /** Whether this session passed TOTP (at sign-in or by confirming enrolment in it, DESIGN §16). */
  factorPassed: boolean;
  actor: Actor;
}
