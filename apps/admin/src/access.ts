import { STAFF_ACCESS, STAFF_ROLES, type StaffRole } from '@tradepad/contracts/staff';

/** The console's sections, in the navigation's order. */
export const SECTIONS = [
  'dashboard',
  'positions',
  'risk',
  'users',
  'deposits',
  'withdrawals',
  'kyc',
  'channels',
  'instruments',
  'news',
  'settings',
  'staff',
  'audit',
  'reports',
  'outbox',
  'support',
] as const;
export type Section = (typeof SECTIONS)[number];

/**
 * Who may read each section and who may act in it: the same role groups the calls behind it name in the contracts
 * (packages/contracts calls.ts, staff.ts), which the server checks. The server stays the judge: this only keeps a role
 * from seeing sections and buttons it would be refused.
 */
const RULES: Record<Section, { read: readonly StaffRole[]; act: readonly StaffRole[] }> = {
  // The home page: every role, each seeing the figures the server gives it (DESIGN §11).
  dashboard: { read: STAFF_ROLES, act: [] },
  // The trading desk and risk: dealers and super admins.
  positions: { read: STAFF_ACCESS.dealer, act: STAFF_ACCESS.dealer },
  risk: { read: STAFF_ACCESS.dealer, act: STAFF_ACCESS.dealer },
  // Users: every role reads; finance and super admins act (status, sessions, 2FA, notes, adjustments and approvals).
  users: { read: STAFF_ACCESS.usersRead, act: STAFF_ACCESS.usersAct },
  deposits: { read: STAFF_ACCESS.finance, act: STAFF_ACCESS.finance },
  withdrawals: { read: STAFF_ACCESS.finance, act: STAFF_ACCESS.finance },
  kyc: { read: STAFF_ACCESS.compliance, act: STAFF_ACCESS.compliance },
  channels: { read: STAFF_ACCESS.finance, act: STAFF_ACCESS.finance },
  // Finance reads the wallet rule (it decides withdrawals by it); compliance and super admins change it.
  settings: { read: STAFF_ACCESS.walletSettingsRead, act: STAFF_ACCESS.compliance },
  outbox: { read: STAFF_ACCESS.oversight, act: STAFF_ACCESS.superAdmin },
  // Staff accounts: super admins only (DESIGN §10, §11).
  staff: { read: STAFF_ACCESS.superAdmin, act: STAFF_ACCESS.superAdmin },
  // The support inbox: support staff and super admins (DESIGN §11).
  support: { read: STAFF_ACCESS.support, act: STAFF_ACCESS.support },
  // Instruments: dealers read the terms, super admins change them (for everyone at once).
  instruments: { read: STAFF_ACCESS.instrumentsRead, act: STAFF_ACCESS.superAdmin },
  audit: { read: STAFF_ACCESS.oversight, act: STAFF_ACCESS.oversight },
  reports: { read: STAFF_ACCESS.finance, act: STAFF_ACCESS.finance },
  // News and announcements (issue 18 point 7): content staff and super admins.
  news: { read: STAFF_ACCESS.content, act: STAFF_ACCESS.content },
};

/** The section a react-admin resource belongs to; a resource is named as its call's path under `/admin/api/`. */
export const RESOURCE_SECTION: Record<string, Section> = {
  users: 'users',
  adjustments: 'users',
  deposits: 'deposits',
  withdrawals: 'withdrawals',
  kyc: 'kyc',
  outbox: 'outbox',
  staff: 'staff',
  'deposit-channels': 'channels',
  'wire-channels': 'channels',
  'draw-currencies': 'channels',
  'wallet-settings': 'settings',
  support: 'support',
  news: 'news',
};

/** Resources that only the section's acting roles may even read: the adjustments waiting for approval. */
const ACT_ONLY: ReadonlySet<string> = new Set(['adjustments']);

/** Whether `role` may read (list, show) or act (create, edit, approve, …) in a section or resource. */
export function mayUse(role: string | undefined, resourceOrSection: string, action: 'read' | 'act' = 'read'): boolean {
  if (ACT_ONLY.has(resourceOrSection)) action = 'act';
  const section = RESOURCE_SECTION[resourceOrSection] ?? (SECTIONS as readonly string[]).find((s) => s === resourceOrSection);
  if (!role || !section) return false;
  return (RULES[section as Section][action] as readonly string[]).includes(role);
}

/** react-admin's actions read as 'read' or 'act'. */
export const actionKind = (action: string): 'read' | 'act' => (action === 'list' || action === 'show' ? 'read' : 'act');

/** The sections a role sees in the navigation, in order. */
export const sectionsFor = (role: string | undefined): Section[] => SECTIONS.filter((s) => mayUse(role, s));
