import type { StaffRoleName } from '@tradepad/contracts/admin-staff';

/** The console's sections, in the navigation's order. */
export const SECTIONS = ['deposits', 'withdrawals', 'kyc', 'channels', 'settings', 'outbox'] as const;
export type Section = (typeof SECTIONS)[number];

const FINANCE: readonly StaffRoleName[] = ['super_admin', 'finance'];
const COMPLIANCE: readonly StaffRoleName[] = ['super_admin', 'compliance'];

/**
 * Who may read each section and who may act in it, as the server's role checks grant the calls behind it
 * (apps/server/src/modules/backoffice/*.routes.ts). The server stays the judge: this only keeps a role from seeing
 * sections and buttons it would be refused.
 */
const RULES: Record<Section, { read: readonly StaffRoleName[]; act: readonly StaffRoleName[] }> = {
  deposits: { read: FINANCE, act: FINANCE },
  withdrawals: { read: FINANCE, act: FINANCE },
  kyc: { read: COMPLIANCE, act: COMPLIANCE },
  channels: { read: FINANCE, act: FINANCE },
  // Finance reads the wallet rule (it decides withdrawals by it); compliance and super admins change it.
  settings: { read: [...FINANCE, 'compliance'], act: COMPLIANCE },
  outbox: { read: COMPLIANCE, act: ['super_admin'] },
};

/** The section a react-admin resource belongs to. */
const RESOURCE_SECTION: Record<string, Section> = {
  deposits: 'deposits',
  withdrawals: 'withdrawals',
  kyc: 'kyc',
  outbox: 'outbox',
  'deposit-channels': 'channels',
  'wire-channels': 'channels',
  'draw-currencies': 'channels',
  'wallet-settings': 'settings',
};

/** Whether `role` may read (list, show) or act (create, edit, approve, …) in a section or resource. */
export function mayUse(role: string | undefined, resourceOrSection: string, action: 'read' | 'act' = 'read'): boolean {
  const section = RESOURCE_SECTION[resourceOrSection] ?? (SECTIONS as readonly string[]).find((s) => s === resourceOrSection);
  if (!role || !section) return false;
  return (RULES[section as Section][action] as readonly string[]).includes(role);
}

/** react-admin's actions read as 'read' or 'act'. */
export const actionKind = (action: string): 'read' | 'act' => (action === 'list' || action === 'show' ? 'read' : 'act');

/** The sections a role sees in the navigation, in order. */
export const sectionsFor = (role: string | undefined): Section[] => SECTIONS.filter((s) => mayUse(role, s));
