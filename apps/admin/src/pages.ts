import type { ComponentType } from 'react';
import type { DashboardComponent } from 'react-admin';
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
import { SECTIONS, type ConsoleResource, type ConsoleRoute, type Section } from './sections.ts';

/** The pages react-admin routes a resource to: `/<name>`, `/<name>/:id/show`, `/<name>/:id`, `/<name>/create`. */
export interface ResourcePages {
  list?: ComponentType;
  show?: ComponentType;
  edit?: ComponentType;
  create?: ComponentType;
}

/**
 * What draws each resource and route the sections (sections.ts) name, and the home page: the compiler asks for every
 * one of them, and for nothing else.
 */
export const PAGES = {
  home: DashboardPage,
  resources: {
    users: { list: UsersList, show: UserShow },
    adjustments: { list: AdjustmentsList },
    deposits: { list: DepositsList },
    withdrawals: { list: WithdrawalsList },
    kyc: { list: KycList },
    'deposit-channels': { list: DepositChannelList, edit: DepositChannelEdit, create: DepositChannelCreate },
    'wire-channels': { list: WireChannelList, edit: WireChannelEdit, create: WireChannelCreate },
    'draw-currencies': { list: DrawCurrencyList, edit: DrawCurrencyEdit, create: DrawCurrencyCreate },
    news: { list: NewsList, create: NewsEditor, edit: NewsEditor },
    // The settings page's form reads and saves it through react-admin; it has no pages of its own.
    'wallet-settings': {},
    staff: { list: StaffList, create: StaffCreate },
    outbox: { list: OutboxList },
  },
  routes: {
    '/positions': PositionsPage,
    '/risk': RiskPage,
    '/instruments': InstrumentsPage,
    '/settings': SettingsPage,
    '/audit': AuditPage,
    '/reports': ReportsPage,
    '/support': SupportInbox,
    '/support/:userId': SupportInbox,
  },
} satisfies {
  home: DashboardComponent;
  resources: Record<ConsoleResource, ResourcePages>;
  routes: Record<ConsoleRoute, ComponentType>;
};

const RESOURCE_PAGES: Readonly<Record<string, ResourcePages | undefined>> = PAGES.resources;

/**
 * Where the navigation leads for a section, first, and every path where it marks the section as the current one:
 * its home, its routes' first segments and its resources' lists.
 */
export function sectionPaths(section: Section): string[] {
  const s = SECTIONS[section];
  return [
    ...new Set([
      ...(s.home ? ['/'] : []),
      ...(s.routes ?? []).map((route) => `/${route.split('/')[1] ?? ''}`),
      ...Object.keys(s.resources ?? {}).flatMap((name) => (RESOURCE_PAGES[name]?.list ? [`/${name}`] : [])),
    ]),
  ];
}
