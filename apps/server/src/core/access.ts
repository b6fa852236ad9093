import type { StaffRow, UserRow } from '../db/schema.ts';

/** A trader signed in: their row and the session the request came with. */
export interface Authenticated {
  user: UserRow;
  sessionId: number;
}

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
  actor: Actor;
}
