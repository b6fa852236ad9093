import { Box, List, ListItemButton, ListItemIcon, ListItemText, Tooltip, Typography } from '@mui/material';
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
import type { ReactElement, ReactNode } from 'react';
import {
  AppBar,
  Layout,
  Link,
  LocalesMenuButton,
  Logout,
  UserMenu,
  useGetIdentity,
  usePermissions,
  useSidebarState,
  useTranslate,
  type LayoutProps,
} from 'react-admin';
import { useLocation } from 'react-router-dom';
import { sectionsFor, type Section } from '../access.ts';
import { EnrolPage } from './enrol-page.tsx';

const SECTION_ITEMS: Record<Section, { to: string; label: string; icon: ReactElement; paths: string[] }> = {
  dashboard: { to: '/', label: 'tp.nav.dashboard', icon: <DashboardIcon />, paths: ['/'] },
  positions: { to: '/positions', label: 'tp.nav.positions', icon: <PositionsIcon />, paths: ['/positions'] },
  risk: { to: '/risk', label: 'tp.nav.risk', icon: <RiskIcon />, paths: ['/risk'] },
  users: { to: '/users', label: 'tp.nav.users', icon: <UsersIcon />, paths: ['/users', '/adjustments'] },
  deposits: { to: '/deposits', label: 'tp.nav.deposits', icon: <DepositIcon />, paths: ['/deposits'] },
  withdrawals: { to: '/withdrawals', label: 'tp.nav.withdrawals', icon: <WithdrawIcon />, paths: ['/withdrawals'] },
  kyc: { to: '/kyc', label: 'tp.nav.kyc', icon: <KycIcon />, paths: ['/kyc'] },
  channels: {
    to: '/deposit-channels',
    label: 'tp.nav.channels',
    icon: <ChannelsIcon />,
    paths: ['/deposit-channels', '/wire-channels', '/draw-currencies'],
  },
  settings: { to: '/settings', label: 'tp.nav.settings', icon: <SettingsIcon />, paths: ['/settings'] },
  staff: { to: '/staff', label: 'tp.nav.staff', icon: <StaffIcon />, paths: ['/staff'] },
  outbox: { to: '/outbox', label: 'tp.nav.outbox', icon: <OutboxIcon />, paths: ['/outbox'] },
  support: { to: '/support', label: 'tp.nav.support', icon: <SupportIcon />, paths: ['/support'] },
  instruments: { to: '/instruments', label: 'tp.nav.instruments', icon: <InstrumentsIcon />, paths: ['/instruments'] },
  audit: { to: '/audit', label: 'tp.nav.audit', icon: <AuditIcon />, paths: ['/audit'] },
  reports: { to: '/reports', label: 'tp.nav.reports', icon: <ReportsIcon />, paths: ['/reports'] },
  news: { to: '/news', label: 'tp.nav.news', icon: <NewsIcon />, paths: ['/news'] },
};

/** The sections the signed-in role may use, as plain links (a reload or a new tab keeps the page). */
export function NavMenu() {
  const translate = useTranslate();
  const { permissions } = usePermissions<string>();
  const [open] = useSidebarState();
  const { pathname } = useLocation();
  return (
    <Box
      component="nav"
      aria-label={translate('tp.nav.sections')}
      sx={{ mt: 1, width: open ? 220 : 56, transition: 'width 150ms' }}
    >
      <List dense disablePadding>
        {sectionsFor(permissions).map((s) => {
          const item = SECTION_ITEMS[s];
          const current = item.paths.some((p) => pathname === p || (p !== '/' && pathname.startsWith(`${p}/`)));
          const label = translate(item.label);
          const link = (
            <ListItemButton
              key={s}
              component={Link}
              to={item.to}
              selected={current}
              aria-current={current ? 'page' : undefined}
              sx={{ py: 1, minHeight: 44 }}
            >
              <ListItemIcon sx={{ minWidth: 40 }}>{item.icon}</ListItemIcon>
              {open && <ListItemText primary={label} />}
            </ListItemButton>
          );
          return open ? (
            link
          ) : (
            <Tooltip key={s} title={label} placement="right">
              {link}
            </Tooltip>
          );
        })}
      </List>
    </Box>
  );
}

/** The signed-in staff member, with the role, and sign-out. */
function StaffMenu() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  return (
    <UserMenu>
      {identity && (
        <Box sx={{ px: 2, py: 1 }}>
          <Typography variant="body2">{identity.fullName}</Typography>
          <Typography variant="caption" color="text.secondary">
            {translate(`tp.roles.${String(identity.role)}`, { _: String(identity.role) })}
          </Typography>
        </Box>
      )}
      <Logout />
    </UserMenu>
  );
}

function ConsoleAppBar() {
  const translate = useTranslate();
  return (
    <AppBar userMenu={<StaffMenu />} toolbar={<LocalesMenuButton />}>
      <Typography
        variant="h6"
        component="span"
        sx={{ flex: 1, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
      >
        {translate('tp.brand')}
      </Typography>
    </AppBar>
  );
}

export function ConsoleLayout({ children }: LayoutProps & { children?: ReactNode }) {
  const { identity } = useGetIdentity();
  // A staff member who has not enrolled TOTP sees the enrolment page and nothing else (DESIGN §10).
  if (identity?.totpPending) return <EnrolPage />;
  return (
    <Layout
      appBar={ConsoleAppBar}
      menu={NavMenu}
      sx={{ minWidth: 0, '& .RaLayout-content': { px: { xs: 1, md: 3 }, pb: 4, minWidth: 0 } }}
    >
      {children}
    </Layout>
  );
}
