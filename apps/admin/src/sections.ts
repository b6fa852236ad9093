import type { SvgIconComponent } from '@mui/icons-material';
import type { ComponentType } from 'react';
import type { DashboardComponent } from 'react-admin';
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
import LiquidityIcon from '@mui/icons-material/Hub';
import HedgeIcon from '@mui/icons-material/SwapHoriz';
import InstrumentsIcon from '@mui/icons-material/CandlestickChart';
import AuditIcon from '@mui/icons-material/History';
import ReportsIcon from '@mui/icons-material/Assessment';
import UsersIcon from '@mui/icons-material/People';
import NewsIcon from '@mui/icons-material/Article';
import ChangesIcon from '@mui/icons-material/PendingActions';
import AccountTypesIcon from '@mui/icons-material/Layers';
import CopyIcon from '@mui/icons-material/Groups';
import { STAFF_ACCESS, STAFF_ROLES, type StaffRole } from '@tradepad/contracts/staff/constants';
import { lazyPage } from './ui/lazy-page.tsx';
import type { messagesEn } from './i18n/messages.en.ts';

/** The pages react-admin routes a resource to: `/<name>`, `/<name>/:id/show`, `/<name>/:id`, `/<name>/create`. */
export interface ResourcePages {
  list?: ComponentType;
  show?: ComponentType;
  edit?: ComponentType;
  create?: ComponentType;
}

/** A resource of a section, named as its call's path under `/admin/api/`, with the pages react-admin draws for it. */
export interface ResourceDef extends ResourcePages {
  /** Only the section's acting roles may even read it (the adjustments waiting for approval). */
  actOnly?: true;
  /** Not react-admin's: only the section's own page calls it, and only the access rules need its name. */
  callsOnly?: true;
}

/** One section of the console: its place in the navigation, who may use it, and its pages. */
export interface SectionDef {
  /** The navigation's label: a key of the console's messages, so a missing string fails to compile. */
  label: `tp.nav.${keyof typeof messagesEn.tp.nav}`;
  icon: SvgIconComponent;
  /**
   * Who may read the section and who may act in it: the same role groups the calls behind it name in the contracts
   * (packages/contracts calls.ts, staff/constants.ts), which the server checks. The server stays the judge: this only
   * keeps a role from seeing sections and buttons it would be refused.
   */
  read: readonly StaffRole[];
  act: readonly StaffRole[];
  /** The console's home page (react-admin's dashboard, at `/`). */
  home?: DashboardComponent;
  resources?: Readonly<Record<string, ResourceDef>>;
  /** The console's own pages, outside react-admin's resources (`/support/:userId`), by path. */
  routes?: Readonly<Record<`/${string}`, ComponentType>>;
}

// A page serving two paths is made lazy once, so that moving between them keeps it (the inbox keeps its list when a
// conversation opens) as when it was imported.
const NewsEditor = lazyPage(() => import('./features/news/news-editor.tsx'), 'NewsEditor');
const SupportInbox = lazyPage(() => import('./features/support/support-inbox.tsx'), 'SupportInbox');

/**
 * The console's sections, in the navigation's order: the one list App.tsx's resources and routes, the access rules
 * (access.ts) and the navigation menu derive from. A new section is a row here, its component and its strings. Each
 * page is named through `lazyPage` (ui/lazy-page.tsx): its module is a chunk of its own, fetched on first use, so the
 * console's first load is the sign-in, the enrolment and the layout. The pages get the access rules from App.tsx
 * (ui/use-access.ts), not by importing them: access.ts reads this table, which imports the pages.
 */
const TABLE = {
  // The home page: every role, each seeing the figures the server gives it (DESIGN §11).
  dashboard: {
    label: 'tp.nav.dashboard',
    icon: DashboardIcon,
    read: STAFF_ROLES,
    act: [],
    home: lazyPage(() => import('./features/dashboard/dashboard-page.tsx'), 'DashboardPage'),
  },
  // The trading desk and risk: dealers and super admins.
  positions: {
    label: 'tp.nav.positions',
    icon: PositionsIcon,
    read: STAFF_ACCESS.dealer,
    act: STAFF_ACCESS.dealer,
    routes: { '/positions': lazyPage(() => import('./features/positions/positions-page.tsx'), 'PositionsPage') },
  },
  risk: {
    label: 'tp.nav.risk',
    icon: RiskIcon,
    read: STAFF_ACCESS.dealer,
    act: STAFF_ACCESS.dealer,
    routes: { '/risk': lazyPage(() => import('./features/risk/risk-page.tsx'), 'RiskPage') },
  },
  // The liquidity providers' FIX sessions and quotes (DESIGN §14): dealers and super admins.
  liquidity: {
    label: 'tp.nav.liquidity',
    icon: LiquidityIcon,
    read: STAFF_ACCESS.dealer,
    act: STAFF_ACCESS.dealer,
    routes: { '/liquidity': lazyPage(() => import('./features/liquidity/liquidity-page.tsx'), 'LiquidityPage') },
  },
  // The hedge blotter (DESIGN §14): the orders sent to the hedging LP over FIX; dealers and super admins.
  hedge: {
    label: 'tp.nav.hedge',
    icon: HedgeIcon,
    read: STAFF_ACCESS.dealer,
    act: STAFF_ACCESS.dealer,
    routes: { '/hedge': lazyPage(() => import('./features/hedge/hedge-orders-page.tsx'), 'HedgeOrdersPage') },
  },
  // Account types (DESIGN §16, MT5's groups): the published terms, read by every role that reads users (the users
  // page names a user's type); dealers and super admins change them.
  'account-types': {
    label: 'tp.nav.account_types',
    icon: AccountTypesIcon,
    read: STAFF_ACCESS.usersRead,
    act: STAFF_ACCESS.dealer,
    routes: {
      '/account-types': lazyPage(() => import('./features/account-types/account-types-page.tsx'), 'AccountTypesPage'),
    },
  },
  // Users: every role reads; finance and super admins act (status, sessions, 2FA, notes, adjustments and approvals).
  users: {
    label: 'tp.nav.users',
    icon: UsersIcon,
    read: STAFF_ACCESS.usersRead,
    act: STAFF_ACCESS.usersAct,
    resources: {
      users: {
        list: lazyPage(() => import('./features/users/users-list.tsx'), 'UsersList'),
        show: lazyPage(() => import('./features/users/user-show.tsx'), 'UserShow'),
      },
      adjustments: { actOnly: true, list: lazyPage(() => import('./features/users/adjustments-list.tsx'), 'AdjustmentsList') },
    },
  },
  // Copy trading (issue 34, DESIGN §18): the strategies and their followers are the trading desk's (dealers and super
  // admins, who also suspend and resume a strategy with a reason); the fees charged are read by finance too.
  copy: {
    label: 'tp.nav.copy',
    icon: CopyIcon,
    read: [...STAFF_ACCESS.dealer, 'finance'],
    act: STAFF_ACCESS.dealer,
    routes: {
      '/copy': lazyPage(() => import('./features/copy/copy-strategies-page.tsx'), 'CopyStrategiesPage'),
      '/copy/fees': lazyPage(() => import('./features/copy/copy-fees-page.tsx'), 'CopyFeesPage'),
    },
  },
  deposits: {
    label: 'tp.nav.deposits',
    icon: DepositIcon,
    read: STAFF_ACCESS.finance,
    act: STAFF_ACCESS.finance,
    resources: { deposits: { list: lazyPage(() => import('./features/deposits/deposits-list.tsx'), 'DepositsList') } },
  },
  withdrawals: {
    label: 'tp.nav.withdrawals',
    icon: WithdrawIcon,
    read: STAFF_ACCESS.finance,
    act: STAFF_ACCESS.finance,
    resources: {
      withdrawals: { list: lazyPage(() => import('./features/withdrawals/withdrawals-list.tsx'), 'WithdrawalsList') },
    },
  },
  kyc: {
    label: 'tp.nav.kyc',
    icon: KycIcon,
    read: STAFF_ACCESS.compliance,
    act: STAFF_ACCESS.compliance,
    resources: { kyc: { list: lazyPage(() => import('./features/kyc/kyc-list.tsx'), 'KycList') } },
  },
  channels: {
    label: 'tp.nav.channels',
    icon: ChannelsIcon,
    read: STAFF_ACCESS.finance,
    act: STAFF_ACCESS.finance,
    resources: {
      'deposit-channels': {
        list: lazyPage(() => import('./features/channels/channels.tsx'), 'DepositChannelList'),
        edit: lazyPage(() => import('./features/channels/channels.tsx'), 'DepositChannelEdit'),
        create: lazyPage(() => import('./features/channels/channels.tsx'), 'DepositChannelCreate'),
      },
      'wire-channels': {
        list: lazyPage(() => import('./features/channels/channels.tsx'), 'WireChannelList'),
        edit: lazyPage(() => import('./features/channels/channels.tsx'), 'WireChannelEdit'),
        create: lazyPage(() => import('./features/channels/channels.tsx'), 'WireChannelCreate'),
      },
      'draw-currencies': {
        list: lazyPage(() => import('./features/channels/channels.tsx'), 'DrawCurrencyList'),
        edit: lazyPage(() => import('./features/channels/channels.tsx'), 'DrawCurrencyEdit'),
        create: lazyPage(() => import('./features/channels/channels.tsx'), 'DrawCurrencyCreate'),
      },
    },
  },
  // Changes waiting for a second staff member (issue 29): receiving details, adjustment limits (a super admin's).
  changes: {
    label: 'tp.nav.changes',
    icon: ChangesIcon,
    read: STAFF_ACCESS.finance,
    act: STAFF_ACCESS.finance,
    routes: { '/changes': lazyPage(() => import('./features/changes/changes-page.tsx'), 'ChangesPage') },
  },
  // Instruments: dealers read the terms, super admins change them (for everyone at once).
  instruments: {
    label: 'tp.nav.instruments',
    icon: InstrumentsIcon,
    read: STAFF_ACCESS.instrumentsRead,
    act: STAFF_ACCESS.superAdmin,
    routes: { '/instruments': lazyPage(() => import('./features/instruments/instruments-page.tsx'), 'InstrumentsPage') },
  },
  // News and announcements (issue 18 point 7): content staff and super admins.
  news: {
    label: 'tp.nav.news',
    icon: NewsIcon,
    read: STAFF_ACCESS.content,
    act: STAFF_ACCESS.content,
    resources: {
      news: {
        list: lazyPage(() => import('./features/news/news-list.tsx'), 'NewsList'),
        create: NewsEditor,
        edit: NewsEditor,
      },
    },
  },
  // Finance reads the wallet rule (it decides withdrawals by it); compliance and super admins change it. The page is
  // the console's own; react-admin knows the resource its form reads and saves, which has no pages of its own.
  settings: {
    label: 'tp.nav.settings',
    icon: SettingsIcon,
    read: STAFF_ACCESS.walletSettingsRead,
    act: STAFF_ACCESS.compliance,
    resources: { 'wallet-settings': {} },
    routes: { '/settings': lazyPage(() => import('./features/settings/settings-page.tsx'), 'SettingsPage') },
  },
  // Staff accounts: super admins only (DESIGN §10, §11).
  staff: {
    label: 'tp.nav.staff',
    icon: StaffIcon,
    read: STAFF_ACCESS.superAdmin,
    act: STAFF_ACCESS.superAdmin,
    resources: {
      staff: {
        list: lazyPage(() => import('./features/staff/staff-list.tsx'), 'StaffList'),
        create: lazyPage(() => import('./features/staff/staff-list.tsx'), 'StaffCreate'),
      },
    },
  },
  audit: {
    label: 'tp.nav.audit',
    icon: AuditIcon,
    read: STAFF_ACCESS.oversight,
    act: STAFF_ACCESS.oversight,
    routes: { '/audit': lazyPage(() => import('./features/audit/audit-page.tsx'), 'AuditPage') },
  },
  reports: {
    label: 'tp.nav.reports',
    icon: ReportsIcon,
    read: STAFF_ACCESS.finance,
    act: STAFF_ACCESS.finance,
    routes: { '/reports': lazyPage(() => import('./features/reports/reports-page.tsx'), 'ReportsPage') },
  },
  outbox: {
    label: 'tp.nav.outbox',
    icon: OutboxIcon,
    read: STAFF_ACCESS.oversight,
    act: STAFF_ACCESS.superAdmin,
    resources: { outbox: { list: lazyPage(() => import('./features/outbox/outbox-list.tsx'), 'OutboxList') } },
  },
  // The support inbox: support staff and super admins (DESIGN §11). Its own page, not react-admin's: a `support`
  // resource would add react-admin's `/support/*` beside these routes.
  support: {
    label: 'tp.nav.support',
    icon: SupportIcon,
    read: STAFF_ACCESS.support,
    act: STAFF_ACCESS.support,
    resources: { support: { callsOnly: true } },
    routes: {
      '/support': SupportInbox,
      '/support/:userId': SupportInbox,
    },
  },
} as const satisfies Record<string, SectionDef>;

export type Section = keyof typeof TABLE;

/** Every section's row, by name, in the navigation's order. */
export const SECTIONS: Readonly<Record<Section, SectionDef>> = TABLE;

/** The sections' names in the navigation's order. */
export const SECTION_NAMES = Object.keys(TABLE) as Section[];

type Rows = typeof TABLE;
type ResourcesOf<S extends Section> = Rows[S] extends { resources: infer R } ? R : Record<never, never>;

/** What the access rules answer for: a section, or a resource a section names (its call's path under `/admin/api/`). */
export type AccessName = Section | { [S in Section]: keyof ResourcesOf<S> & string }[Section];

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

/** The console's home page: the row marked `home`. */
export const HOME_PAGE: DashboardComponent | undefined = Object.values(SECTIONS).find((s) => s.home)?.home;

/** The resources react-admin registers, with their pages: every one the sections name but those only their pages call. */
export const RESOURCE_PAGES: Readonly<Record<string, ResourcePages>> = Object.fromEntries(
  Object.values(SECTIONS).flatMap((s) =>
    Object.entries(s.resources ?? {}).flatMap(([name, { callsOnly, actOnly: _, ...pages }]) =>
      callsOnly ? [] : [[name, pages]],
    ),
  ),
);

/** The console's own routes, with their pages. */
export const ROUTE_PAGES: Readonly<Record<string, ComponentType>> = Object.fromEntries(
  Object.values(SECTIONS).flatMap((s) => Object.entries(s.routes ?? {})),
);

/**
 * Where the navigation leads for a section, first, and every path where it marks the section as the current one:
 * its home, its routes' first segments and its resources' lists.
 */
export function sectionPaths(section: Section): string[] {
  const s = SECTIONS[section];
  return [
    ...new Set([
      ...(s.home ? ['/'] : []),
      ...Object.keys(s.routes ?? {}).map((route) => `/${route.split('/')[1] ?? ''}`),
      ...Object.entries(s.resources ?? {}).flatMap(([name, r]) => (r.list ? [`/${name}`] : [])),
    ]),
  ];
}
