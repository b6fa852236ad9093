/**
 * Back-office staff roles (DESIGN §7, §11). Zod-free, so the back office can import it whole; the call list names
 * which roles may use each staff call.
 */
export const STAFF_ROLES = ['super_admin', 'finance', 'compliance', 'dealer', 'content', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Role groups the staff calls are gated by; super admin may use every one. */
export const STAFF_ACCESS = {
  /** Deposits, withdrawals, channels: the money desk. */
  finance: ['super_admin', 'finance'],
  /** Real-name reviews and withdrawal rules. */
  compliance: ['super_admin', 'compliance'],
  /** The outbox (verification codes) and the audit log. */
  oversight: ['super_admin', 'compliance'],
  /** Wallet settings are read by the money desk and changed by compliance. */
  walletSettingsRead: ['super_admin', 'finance', 'compliance'],
  content: ['super_admin', 'content'],
  superAdmin: ['super_admin'],
  /** The support inbox (DESIGN §11). */
  support: ['super_admin', 'support'],
  /** The trading desk and risk: positions, closing at the market, exposure. */
  dealer: ['super_admin', 'dealer'],
  /** Instruments' terms: dealers read them, super admins change them (for everyone at once, never per user). */
  instrumentsRead: ['super_admin', 'dealer'],
  /** Users: every role reads them (DESIGN §11). */
  usersRead: ['super_admin', 'finance', 'compliance', 'dealer', 'content', 'support'],
  /** Acting on a user (status, sessions, 2FA, notes, balance adjustments and their approval): the money desk. */
  usersAct: ['super_admin', 'finance'],
} as const satisfies Record<string, readonly StaffRole[]>;
