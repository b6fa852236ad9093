import type { AdminUser } from '@tradepad/contracts/staff/users';
import { ADMIN_API } from '@tradepad/contracts/api-paths';
import { Button, Chip, Stack, Typography } from '@mui/material';
import {
  Datagrid,
  DateInput,
  FunctionField,
  Link,
  List,
  SearchInput,
  SelectInput,
  TextField,
  TextInput,
  TopToolbar,
  useListContext,
  useTranslate,
} from 'react-admin';
import { useEffect, useState } from 'react';
import { apiGet } from '../../providers/http.ts';
import { ExportButton } from '../../ui/export-button.tsx';
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

/** The real-name statuses the filter offers (the newest application's). */
const KYC_CHOICES = [0, 1, 2, 3].map((v) => ({ id: v, name: kycStatus(v).key }));

/** The account types as the filter's choices (every type, public or not); none until they arrive. */
function useAccountTypeChoices(): Array<{ id: number; name: string }> {
  const [choices, setChoices] = useState<Array<{ id: number; name: string }>>([]);
  useEffect(() => {
    let live = true;
    apiGet(ADMIN_API.accountTypes)
      .then((list) => live && setChoices(list.data.map((t) => ({ id: t.id, name: t.name }))))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return choices;
}

/** The users list's filters (DESIGN §16): text, country, real-name status, account type, real or demo, sign-up days. */
function userFilters(search: string, types: Array<{ id: number; name: string }>) {
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={search} sx={{ minWidth: 320 }} />,
    <TextInput
      key="country"
      source="country"
      label="tp.users.filter_country"
      alwaysOn
      parse={(v: string) => v.toUpperCase().slice(0, 2)}
      sx={{ width: 200 }}
    />,
    <SelectInput
      key="kyc_status"
      source="kyc_status"
      label="tp.users.filter_kyc"
      choices={KYC_CHOICES}
      alwaysOn
      emptyText="tp.users.any"
    />,
    <SelectInput
      key="account_type_id"
      source="account_type_id"
      label="tp.users.filter_account_type"
      choices={types}
      translateChoice={false}
      alwaysOn
      emptyText="tp.users.any"
    />,
    <SelectInput
      key="is_demo"
      source="is_demo"
      label="tp.users.filter_account"
      alwaysOn
      emptyText="tp.users.any"
      choices={[
        { id: 0, name: 'tp.users.real_only' },
        { id: 1, name: 'tp.users.demo_only' },
      ]}
    />,
    <DateInput key="from" source="from" label="tp.users.filter_from" alwaysOn />,
    <DateInput key="to" source="to" label="tp.users.filter_to" alwaysOn />,
  ];
}

/** The list's toolbar: how many users the filters keep, and their export. */
function UsersActions() {
  const translate = useTranslate();
  const { filterValues, total } = useListContext();
  return (
    <TopToolbar sx={{ alignItems: 'center', gap: 1 }}>
      {total !== undefined && (
        <Typography variant="body2" color="text.secondary">
          {translate('tp.common.records', { smart_count: total })}
        </Typography>
      )}
      <ExportButton path={ADMIN_API.users} name="users" query={filterValues as Record<string, string | number>} />
    </TopToolbar>
  );
}

/**
 * Every user, newest first; the search box matches any part of e-mail, phone, uid, real name or invite code, and the
 * filters narrow by country, real-name status, account type, real or demo and sign-up days; "Export CSV" downloads all they keep.
 */
export function UsersList() {
  const translate = useTranslate();
  const search = translate('tp.users.search');
  const types = useAccountTypeChoices();
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
        filters={userFilters(search, types)}
        exporter={false}
        perPage={20}
        actions={<UsersActions />}
        empty={false}
        disableSyncWithLocation={false}
      >
        <Datagrid bulkActionButtons={false} rowClick="show" size="small" sx={{ '& th': { whiteSpace: 'nowrap' } }}>
          <TextField source="id" label="tp.common.id" sortable={false} />
          <TextField source="uid" label="tp.users.uid" sortable={false} />
          <FunctionField<AdminUser> label="tp.users.account" render={(u) => u.email || u.phone || '—'} />
          <FunctionField<AdminUser> label="tp.users.country" render={(u) => u.country || '—'} />
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
