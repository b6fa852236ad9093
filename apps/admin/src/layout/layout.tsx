import { Box, List, ListItemButton, ListItemIcon, ListItemText, Tooltip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
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
import { sectionsFor } from '../access.ts';
import { SECTIONS, sectionPaths } from '../sections.ts';
import { EnrolPage } from './enrol-page.tsx';
import { PasswordMenuItem, PasswordPage } from './password-page.tsx';

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
          const { label: key, icon: Icon } = SECTIONS[s];
          const paths = sectionPaths(s);
          const current = paths.some((p) => pathname === p || (p !== '/' && pathname.startsWith(`${p}/`)));
          const label = translate(key);
          const link = (
            <ListItemButton
              key={s}
              component={Link}
              to={paths[0] ?? '/'}
              selected={current}
              aria-current={current ? 'page' : undefined}
              sx={{ py: 1, minHeight: 44 }}
            >
              <ListItemIcon sx={{ minWidth: 40 }}>
                <Icon />
              </ListItemIcon>
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

/** The signed-in staff member, with the role, changing the password, and sign-out. */
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
      <PasswordMenuItem />
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
  // A password another staff member set is replaced first, then a staff member who has not enrolled TOTP sees the
  // enrolment page; nothing else meanwhile (DESIGN §10, §16).
  if (identity?.mustChangePassword) return <PasswordPage />;
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
