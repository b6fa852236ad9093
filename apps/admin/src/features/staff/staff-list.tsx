import type { StaffListItem } from '@tradepad/contracts/staff/answers';
import { STAFF_ROLES } from '@tradepad/contracts/staff/constants';
import { Box, Button, Chip, MenuItem, Select, Stack } from '@mui/material';
import { useState } from 'react';
import {
  Confirm,
  Create,
  CreateButton,
  Datagrid,
  FunctionField,
  List,
  PasswordInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  Toolbar,
  TopToolbar,
  email,
  maxLength,
  minLength,
  required,
  useGetIdentity,
  useNotify,
  useRedirect,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { TimeCell } from '../../ui/cells.tsx';
import { PageHead } from '../../ui/page-head.tsx';
import { StaffResetActions } from './staff-reset.tsx';

type Member = StaffListItem;

const roleChoices = STAFF_ROLES.map((r) => ({ id: r, name: `tp.roles.${r}` }));

/** What a confirmation is about to send: a new role, or disabling / enabling. */
type Pending = { member: Member; change: { role: string } | { enabled: boolean } };

/**
 * Back-office accounts for super admins (DESIGN §10, §11, §16): add a member with one role, change a role, disable
 * (signed out at once) or enable again, reset another's password or two-factor, each after a confirmation. The server keeps at least one active super admin and
 * audits every change; its refusal is shown as it words it.
 */
export function StaffList() {
  const translate = useTranslate();
  const notify = useNotify();
  const { identity } = useGetIdentity();
  const [update, { isPending }] = useUpdate<Member>();
  const [pending, setPending] = useState<Pending | undefined>();
  const roleName = (role: string) => translate(`tp.roles.${role}`, { _: role });
  const who = (m: Member) => m.name || m.email;

  const confirmText = (p: Pending) =>
    'role' in p.change
      ? {
          title: translate('tp.staff.change_role', { name: who(p.member) }),
          content: translate('tp.staff.role_confirm', {
            name: who(p.member),
            from: roleName(p.member.role),
            to: roleName(p.change.role),
          }),
        }
      : p.change.enabled
        ? {
            title: translate('tp.staff.enable_title', { name: who(p.member) }),
            content: translate('tp.staff.enable_confirm', { name: who(p.member) }),
          }
        : {
            title: translate('tp.staff.disable_title', { name: who(p.member) }),
            content: translate('tp.staff.disable_confirm', { name: who(p.member) }),
          };

  const send = () => {
    if (!pending) return;
    const { member, change } = pending;
    void update(
      'staff',
      { id: member.id, data: change as Partial<Member>, previousData: member },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify('tp.staff.saved', { type: 'success' }),
        onError: (err) => notify(err instanceof Error ? err.message : 'ra.notification.http_error', { type: 'error' }),
        onSettled: () => setPending(undefined),
      },
    );
  };

  return (
    <>
      <PageHead title="tp.staff.title" intro="tp.staff.intro" />
      <List<Member>
        title={<></>}
        pagination={false}
        perPage={100}
        exporter={false}
        empty={false}
        actions={
          <TopToolbar>
            <CreateButton label="tp.staff.add" variant="contained" />
          </TopToolbar>
        }
      >
        <Datagrid bulkActionButtons={false} rowClick={false} size="small" sx={{ '& th': { whiteSpace: 'nowrap' } }}>
          <FunctionField<Member>
            label="tp.staff.name"
            render={(m) => (
              <span>
                {m.name || '—'}
                {m.id === identity?.id && (
                  <Box component="small" sx={{ color: 'text.secondary', ml: 0.5 }}>
                    ({translate('tp.staff.you')})
                  </Box>
                )}
              </span>
            )}
          />
          <TextField source="email" label="tp.staff.email" sortable={false} />
          <FunctionField<Member>
            label="tp.staff.role"
            render={(m) => (
              <Select
                size="small"
                value={m.role}
                disabled={isPending || m.status !== 1}
                inputProps={{ 'aria-label': translate('tp.staff.change_role', { name: who(m) }) }}
                onChange={(e) => {
                  if (e.target.value !== m.role) setPending({ member: m, change: { role: e.target.value } });
                }}
                sx={{ minWidth: 150 }}
              >
                {STAFF_ROLES.map((r) => (
                  <MenuItem key={r} value={r}>
                    {roleName(r)}
                  </MenuItem>
                ))}
              </Select>
            )}
          />
          <FunctionField<Member>
            label="tp.staff.status"
            render={(m) => (
              <Chip
                size="small"
                variant="outlined"
                color={m.status === 1 ? 'success' : 'default'}
                label={translate(m.status === 1 ? 'tp.staff.active' : 'tp.staff.disabled')}
              />
            )}
          />
          <TimeCell source="created_at" label="tp.staff.created" sortable={false} />
          <FunctionField<Member>
            label="tp.staff.actions"
            render={(m) => (
              <Stack direction="row">
                <Button
                  size="small"
                  color={m.status === 1 ? 'error' : 'primary'}
                  disabled={isPending}
                  onClick={() => setPending({ member: m, change: { enabled: m.status !== 1 } })}
                >
                  {translate(m.status === 1 ? 'tp.staff.disable' : 'tp.staff.enable')}
                </Button>
                {m.id !== identity?.id && <StaffResetActions member={m} disabled={isPending} />}
              </Stack>
            )}
          />
        </Datagrid>
      </List>
      {pending && (
        <Confirm
          isOpen
          loading={isPending}
          title={confirmText(pending).title}
          content={confirmText(pending).content}
          confirm={
            'role' in pending.change ? 'ra.action.confirm' : pending.change.enabled ? 'tp.staff.enable' : 'tp.staff.disable'
          }
          confirmColor={'enabled' in pending.change && !pending.change.enabled ? 'warning' : 'primary'}
          onConfirm={send}
          onClose={() => setPending(undefined)}
        />
      )}
    </>
  );
}

/** A new staff member: email, name, initial password and one role; the server audits it. */
export function StaffCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <>
      <PageHead title="tp.staff.add_title" intro="tp.staff.intro" />
      <Create
        title={<></>}
        mutationOptions={{
          onSuccess: () => {
            notify('tp.staff.created_ok', { type: 'success' });
            redirect('list', 'staff');
          },
        }}
      >
        <SimpleForm
          toolbar={
            <Toolbar>
              <SaveButton label="tp.staff.create" />
            </Toolbar>
          }
          defaultValues={{ role: 'support' }}
          sx={{ maxWidth: 480 }}
        >
          <TextInput
            source="email"
            label="tp.staff.email"
            type="email"
            validate={[required(), email(), maxLength(254)]}
            fullWidth
          />
          <TextInput source="name" label="tp.staff.name" validate={[required(), maxLength(100)]} fullWidth />
          <PasswordInput
            source="password"
            label="tp.staff.password"
            helperText="tp.staff.password_hint"
            validate={[required(), minLength(8), maxLength(64)]}
            autoComplete="new-password"
            fullWidth
          />
          <SelectInput source="role" label="tp.staff.role" choices={roleChoices} validate={required()} fullWidth />
        </SimpleForm>
      </Create>
    </>
  );
}
