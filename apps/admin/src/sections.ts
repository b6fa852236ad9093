import type { SvgIconComponent } from '@mui/icons-material';
import DepositIcon from '@mui/icons-material/SouthWest';
import WithdrawIcon from '@mui/icons-material/NorthEast';
import KycIcon from '@mui/icons-material/Badge';
import ChannelsIcon from '@mui/icons-material/AccountBalance';
import SettingsIcon from '@mui/icons-material/Tune';
import OutboxIcon from '@mui/icons-material/Outbox';
import StaffIcon from '@mui/icons-material/ManageAccounts';
import SupportIcon from '@mui/icons-material/SupportAgent';
import DashboardIcon from '@mui/icons-material/Dashboard';
import PositionsIcon from '@mui/icons-material/ShowChart';
import RiskIcon from '@mui/icons-material/Speed';
import InstrumentsIcon from '@mui/icons-material/CandlestickChart';
import AuditIcon from '@mui/icons-material/History';
import ReportsIcon from '@mui/icons-material/Assessment';
import UsersIcon from '@mui/icons-material/People';
import NewsIcon from '@mui/icons-material/Article';
import { STAFF_ACCESS, STAFF_ROLES, type StaffRole } from '@tradepad/contracts/staff/constants';
import type { messagesEn } from './i18n/messages.en.ts';

/** A resource of a section, named as its call's path under `/admin/api/`: react-admin's, its pages in pages.ts. */
export interface ResourceDef {
  /** Only the section's acting roles may even read it (the adjustments waiting for approval). */
  actOnly?: true;
  /** Not react-admin's: only the section's own page calls it, and only `mayUse` needs its name. */
  callsOnly?: true;
}

/** One section of the console: its place in the navigation, who may use it, and where its pages are. */
export interface SectionDef {
  /** The navigation's label: a key of the console's messages, so a missing string fails to compile. */
  label: `tp.nav.${keyof typeof messagesEn.tp.nav}`;
  icon: SvgIconComponent;
  /**
   * Who may read the section and who may act in it: the same role groups the calls behind it name in the contracts
   * (packages/contracts calls.ts, staff.ts), which the server checks. The server stays the judge: this only keeps a
   * role from seeing sections and buttons it would be refused.
   */
  read: readonly StaffRole[];
  act: readonly StaffRole[];
  /** The console's home page (react-admin's dashboard, at `/`). */
  home?: true;
  resources?: Readonly<Record<string, ResourceDef>>;
  /** The console's own pages, outside react-admin's resources (`/support/:userId`). */
  routes?: readonly string[];
}

/**
 * The console's sections, in the navigation's order: the one list App.tsx's resources and routes, the access rules
 * (access.ts) and the navigation menu derive from. A new section is a row here, its pages in pages.ts (the compiler
 * asks for each resource and route named here), its component and its strings. The components sit apart because
 * the pages import access.ts, which reads this table: one module holding both would be an import cycle.
 */
const TABLE = {
  // The home page: every role, each seeing the figures the server gives it (DESIGN §11).
  dashboard: { label: 'tp.nav.dashboard', icon: DashboardIcon, read: STAFF_ROLES, act: [], home: true },
  // The trading desk and risk: dealers and super admins.
  positions: {
    label: 'tp.nav.positions',
    icon: PositionsIcon,
    read: STAFF_ACCESS.dealer,
    act: STAFF_ACCESS.dealer,
    routes: ['/positions'],
  },
  risk: {
    label: 'tp.nav.risk',
    icon: RiskIcon,
    read: STAFF_ACCESS.dealer,
    act: STAFF_ACCESS.dealer,
    routes: ['/risk'],
  },
  // Users: every role reads; finance and super admins act (status, sessions, 2FA, notes, adjustments and approvals).
  users: {
    label: 'tp.nav.users',
    icon: UsersIcon,
    read: STAFF_ACCESS.usersRead,
    act: STAFF_ACCESS.usersAct,
    resources: { users: {}, adjustments: { actOnly: true } },
  },
  deposits: {
    label: 'tp.nav.deposits',
    icon: DepositIcon,
    read: STAFF_ACCESS.finance,
    act: STAFF_ACCESS.finance,
    resources: { deposits: {} },
  },
  withdrawals: {
    label: 'tp.nav.withdrawals',
    icon: WithdrawIcon,
    read: STAFF_ACCESS.finance,
    act: STAFF_ACCESS.finance,
    resources: { withdrawals: {} },
  },
  kyc: {
    label: 'tp.nav.kyc',
    icon: KycIcon,
    read: STAFF_ACCESS.compliance,
    act: STAFF_ACCESS.compliance,
    resources: { kyc: {} },
  },
  channels: {
    label: 'tp.nav.channels',
    icon: ChannelsIcon,
    read: STAFF_ACCESS.finance,
    act: STAFF_ACCESS.finance,
    resources: {
      'deposit-channels': {},
      'wire-channels': {},
      'draw-currencies': {},
    },
  },
  // Instruments: dealers read the terms, super admins change them (for everyone at once).
  instruments: {
    label: 'tp.nav.instruments',
    icon: InstrumentsIcon,
    read: STAFF_ACCESS.instrumentsRead,
    act: STAFF_ACCESS.superAdmin,
    routes: ['/instruments'],
  },
  // News and announcements (issue 18 point 7): content staff and super admins.
  news: {
    label: 'tp.nav.news',
    icon: NewsIcon,
    read: STAFF_ACCESS.content,
    act: STAFF_ACCESS.content,
    resources: { news: {} },
  },
  // Finance reads the wallet rule (it decides withdrawals by it); compliance and super admins change it. The page is
  // the console's own; react-admin knows the resource its form reads and saves, which has no pages of its own.
  settings: {
    label: 'tp.nav.settings',
    icon: SettingsIcon,
    read: STAFF_ACCESS.walletSettingsRead,
    act: STAFF_ACCESS.compliance,
    resources: { 'wallet-settings': {} },
    routes: ['/settings'],
  },
  // Staff accounts: super admins only (DESIGN §10, §11).
  staff: {
    label: 'tp.nav.staff',
    icon: StaffIcon,
    read: STAFF_ACCESS.superAdmin,
    act: STAFF_ACCESS.superAdmin,
    resources: { staff: {} },
  },
  audit: {
    label: 'tp.nav.audit',
    icon: AuditIcon,
    read: STAFF_ACCESS.oversight,
    act: STAFF_ACCESS.oversight,
    routes: ['/audit'],
  },
  reports: {
    label: 'tp.nav.reports',
    icon: ReportsIcon,
    read: STAFF_ACCESS.finance,
    act: STAFF_ACCESS.finance,
    routes: ['/reports'],
  },
  outbox: {
    label: 'tp.nav.outbox',
    icon: OutboxIcon,
    read: STAFF_ACCESS.oversight,
    act: STAFF_ACCESS.superAdmin,
    resources: { outbox: {} },
  },
  // The support inbox: support staff and super admins (DESIGN §11). Its own page, not react-admin's: a `support`
  // resource would add react-admin's `/support/*` beside these routes.
  support: {
    label: 'tp.nav.support',
    icon: SupportIcon,
    read: STAFF_ACCESS.support,
    act: STAFF_ACCESS.support,
    resources: { support: { callsOnly: true } },
    routes: ['/support', '/support/:userId'],
  },
} as const satisfies Record<string, SectionDef>;

export type Section = keyof typeof TABLE;

/** Every section's row, by name, in the navigation's order. */
export const SECTIONS: Readonly<Record<Section, SectionDef>> = TABLE;

/** The sections' names in the navigation's order. */
export const SECTION_NAMES = Object.keys(TABLE) as Section[];

/**
 * The section a name belongs to: a resource's (named as its call's path under `/admin/api/`), or the section of that
 * name.
 */
export function sectionOf(resourceOrSection: string): Section | undefined {
  return (
    SECTION_NAMES.find((s) => Object.hasOwn(SECTIONS[s].resources ?? {}, resourceOrSection)) ??
    SECTION_NAMES.find((s) => s === resourceOrSection)
  );
}

type Rows = typeof TABLE;
type ResourcesOf<S extends Section> = Rows[S] extends { resources: infer R } ? R : Record<never, never>;

/** The resources react-admin registers: every one the sections name but those only their own pages call. */
export type ConsoleResource = {
  [S in Section]: {
    [N in keyof ResourcesOf<S>]: ResourcesOf<S>[N] extends { callsOnly: true } ? never : N & string;
  }[keyof ResourcesOf<S>];
}[Section];

/** The console's own routes. */
export type ConsoleRoute = { [S in Section]: Rows[S] extends { routes: readonly (infer P)[] } ? P : never }[Section];
