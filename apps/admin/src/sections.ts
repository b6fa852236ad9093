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
import InstrumentsIcon from '@mui/icons-material/CandlestickChart';
import AuditIcon from '@mui/icons-material/History';
import ReportsIcon from '@mui/icons-material/Assessment';
import UsersIcon from '@mui/icons-material/People';
import NewsIcon from '@mui/icons-material/Article';
import { STAFF_ACCESS, STAFF_ROLES, type StaffRole } from '@tradepad/contracts/staff/constants';
import {
  DepositChannelCreate,
  DepositChannelEdit,
  DepositChannelList,
  DrawCurrencyCreate,
  DrawCurrencyEdit,
  DrawCurrencyList,
  WireChannelCreate,
  WireChannelEdit,
  WireChannelList,
} from './features/channels/channels.tsx';
import { DashboardPage } from './features/dashboard/dashboard-page.tsx';
import { DepositsList } from './features/deposits/deposits-list.tsx';
import { AdjustmentsList } from './features/users/adjustments-list.tsx';
import { UserShow } from './features/users/user-show.tsx';
import { UsersList } from './features/users/users-list.tsx';
import { KycList } from './features/kyc/kyc-list.tsx';
import { OutboxList } from './features/outbox/outbox-list.tsx';
import { PositionsPage } from './features/positions/positions-page.tsx';
import { RiskPage } from './features/risk/risk-page.tsx';
import { SettingsPage } from './features/settings/settings-page.tsx';
import { AuditPage } from './features/audit/audit-page.tsx';
import { InstrumentsPage } from './features/instruments/instruments-page.tsx';
import { ReportsPage } from './features/reports/reports-page.tsx';
import { StaffCreate, StaffList } from './features/staff/staff-list.tsx';
import { SupportInbox } from './features/support/support-inbox.tsx';
import { WithdrawalsList } from './features/withdrawals/withdrawals-list.tsx';
import { NewsEditor } from './features/news/news-editor.tsx';
import { NewsList } from './features/news/news-list.tsx';
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

/**
 * The console's sections, in the navigation's order: the one list App.tsx's resources and routes, the access rules
 * (access.ts) and the navigation menu derive from. A new section is a row here, its component and its strings. The
 * pages get the access rules from App.tsx (ui/use-access.ts), not by importing them: access.ts reads this table,
 * which imports the pages.
 */
const TABLE = {
  // The home page: every role, each seeing the figures the server gives it (DESIGN §11).
  dashboard: { label: 'tp.nav.dashboard', icon: DashboardIcon, read: STAFF_ROLES, act: [], home: DashboardPage },
  // The trading desk and risk: dealers and super admins.
  positions: {
    label: 'tp.nav.positions',
    icon: PositionsIcon,
    read: STAFF_ACCESS.dealer,
    act: STAFF_ACCESS.dealer,
    routes: { '/positions': PositionsPage },
  },
  risk: {
    label: 'tp.nav.risk',
    icon: RiskIcon,
    read: STAFF_ACCESS.dealer,
    act: STAFF_ACCESS.dealer,
    routes: { '/risk': RiskPage },
  },
  // Users: every role reads; finance and super admins act (status, sessions, 2FA, notes, adjustments and approvals).
  users: {
    label: 'tp.nav.users',
    icon: UsersIcon,
    read: STAFF_ACCESS.usersRead,
    act: STAFF_ACCESS.usersAct,
    resources: { users: { list: UsersList, show: UserShow }, adjustments: { actOnly: true, list: AdjustmentsList } },
  },
  deposits: {
    label: 'tp.nav.deposits',
    icon: DepositIcon,
    read: STAFF_ACCESS.finance,
    act: STAFF_ACCESS.finance,
    resources: { deposits: { list: DepositsList } },
  },
  withdrawals: {
    label: 'tp.nav.withdrawals',
    icon: WithdrawIcon,
    read: STAFF_ACCESS.finance,
    act: STAFF_ACCESS.finance,
    resources: { withdrawals: { list: WithdrawalsList } },
  },
  kyc: {
    label: 'tp.nav.kyc',
    icon: KycIcon,
    read: STAFF_ACCESS.compliance,
    act: STAFF_ACCESS.compliance,
    resources: { kyc: { list: KycList } },
  },
  channels: {
    label: 'tp.nav.channels',
    icon: ChannelsIcon,
    read: STAFF_ACCESS.finance,
    act: STAFF_ACCESS.finance,
    resources: {
      'deposit-channels': { list: DepositChannelList, edit: DepositChannelEdit, create: DepositChannelCreate },
      'wire-channels': { list: WireChannelList, edit: WireChannelEdit, create: WireChannelCreate },
      'draw-currencies': { list: DrawCurrencyList, edit: DrawCurrencyEdit, create: DrawCurrencyCreate },
    },
  },
  // Instruments: dealers read the terms, super admins change them (for everyone at once).
  instruments: {
    label: 'tp.nav.instruments',
    icon: InstrumentsIcon,
    read: STAFF_ACCESS.instrumentsRead,
    act: STAFF_ACCESS.superAdmin,
    routes: { '/instruments': InstrumentsPage },
  },
  // News and announcements (issue 18 point 7): content staff and super admins.
  news: {
    label: 'tp.nav.news',
    icon: NewsIcon,
    read: STAFF_ACCESS.content,
    act: STAFF_ACCESS.content,
    resources: { news: { list: NewsList, create: NewsEditor, edit: NewsEditor } },
  },
  // Finance reads the wallet rule (it decides withdrawals by it); compliance and super admins change it. The page is
  // the console's own; react-admin knows the resource its form reads and saves, which has no pages of its own.
  settings: {
    label: 'tp.nav.settings',
    icon: SettingsIcon,
    read: STAFF_ACCESS.walletSettingsRead,
    act: STAFF_ACCESS.compliance,
    resources: { 'wallet-settings': {} },
    routes: { '/settings': SettingsPage },
  },
  // Staff accounts: super admins only (DESIGN §10, §11).
  staff: {
    label: 'tp.nav.staff',
    icon: StaffIcon,
    read: STAFF_ACCESS.superAdmin,
    act: STAFF_ACCESS.superAdmin,
    resources: { staff: { list: StaffList, create: StaffCreate } },
  },
  audit: {
    label: 'tp.nav.audit',
    icon: AuditIcon,
    read: STAFF_ACCESS.oversight,
    act: STAFF_ACCESS.oversight,
    routes: { '/audit': AuditPage },
  },
  reports: {
    label: 'tp.nav.reports',
    icon: ReportsIcon,
    read: STAFF_ACCESS.finance,
    act: STAFF_ACCESS.finance,
    routes: { '/reports': ReportsPage },
  },
  outbox: {
    label: 'tp.nav.outbox',
    icon: OutboxIcon,
    read: STAFF_ACCESS.oversight,
    act: STAFF_ACCESS.superAdmin,
    resources: { outbox: { list: OutboxList } },
  },
  // The support inbox: support staff and super admins (DESIGN §11). Its own page, not react-admin's: a `support`
  // resource would add react-admin's `/support/*` beside these routes.
  support: {
    label: 'tp.nav.support',
    icon: SupportIcon,
    read: STAFF_ACCESS.support,
    act: STAFF_ACCESS.support,
    resources: { support: { callsOnly: true } },
    routes: { '/support': SupportInbox, '/support/:userId': SupportInbox },
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
