import type { AdminUser } from '@tradepad/contracts/staff/users';
import { Button, Chip, Stack } from '@mui/material';
import { Datagrid, FunctionField, Link, List, SearchInput, TextField, useTranslate } from 'react-admin';
import { useAccess } from '../../ui/use-access.ts';
import { TimeCell } from '../../ui/cells.tsx';
import { kycStatus } from '../../ui/format.ts';
import { PageHead } from '../../ui/page-head.tsx';
import { StatusChip } from '../../ui/status-chip.tsx';

const num = { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const;

/** Switch chips: a user's sign-in and trading, shown only when off (the usual state needs no ink). */
export function SwitchChips({ user }: { user: Pick<AdminUser, 'login_enabled' | 'trading_enabled' | 'is_demo'> }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={0.5}>
      {user.is_demo && <Chip size="small" label={translate('tp.users.demo')} />}
      {!user.login_enabled && <Chip size="small" color="error" label={translate('tp.users.login_off')} />}
      {!user.trading_enabled && <Chip size="small" color="warning" label={translate('tp.users.trading_off')} />}
      {user.login_enabled && user.trading_enabled && (
        <Chip size="small" color="success" variant="outlined" label={translate('tp.users.active')} />
      )}
    </Stack>
  );
}

/** Every user, newest first; the search box matches any part of e-mail, phone, uid, real name or invite code. */
export function UsersList() {
  const translate = useTranslate();
  const search = translate('tp.users.search');
  const { may } = useAccess();
  return (
    <>
      <PageHead title="tp.users.title" intro="tp.users.intro">
        {may('adjustments', 'act') && (
          <Button component={Link} to="/adjustments" variant="outlined" size="small" sx={{ mt: 1 }}>
            {translate('tp.adjustments.title')}
          </Button>
        )}
      </PageHead>
      <List<AdminUser>
        title={<></>}
        filters={[<SearchInput key="q" source="q" alwaysOn placeholder={search} sx={{ minWidth: 360 }} />]}
        exporter={false}
        perPage={20}
        actions={false}
        empty={false}
        disableSyncWithLocation={false}
      >
        <Datagrid bulkActionButtons={false} rowClick="show" size="small" sx={{ '& th': { whiteSpace: 'nowrap' } }}>
          <TextField source="id" label="tp.common.id" sortable={false} />
          <TextField source="uid" label="tp.users.uid" sortable={false} />
          <FunctionField<AdminUser> label="tp.users.account" render={(u) => u.email || u.phone || '—'} />
          <FunctionField<AdminUser> label="tp.users.balance" render={(u) => u.balance} textAlign="right" sx={num} />
          <FunctionField<AdminUser>
            label="tp.users.kyc"
            render={(u) => <StatusChip info={kycStatus(u.kyc_status)} status={u.kyc_status} />}
          />
          <FunctionField<AdminUser> label="tp.common.status" render={(u) => <SwitchChips user={u} />} />
          <TimeCell source="created_at" label="tp.users.signed_up" sortable={false} />
        </Datagrid>
      </List>
    </>
  );
}
