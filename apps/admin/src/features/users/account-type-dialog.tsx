import { ADMIN_API } from '@tradepad/contracts/api-paths';
import type { AccountType } from '@tradepad/contracts/account-types/schemas';
import type { AdminUserDetail } from '@tradepad/contracts/staff/users';
import { MenuItem, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { apiGet } from '../../providers/http.ts';
import { ActionDialog } from './action-dialog.tsx';
import { usersApi } from './users-api.ts';

/**
 * "Change account type" on a user's profile (issue 32, DESIGN §16): every type (public or not) but the user's own,
 * with a required reason; the server audits it (`user.account_type`), tells the trader and moves their prices at once.
 */
export function AccountTypeDialog(p: { u: AdminUserDetail; open: boolean; onClose: () => void; done: () => void }) {
  const translate = useTranslate();
  const [types, setTypes] = useState<AccountType[] | null>(null);
  const [choice, setChoice] = useState<number | ''>('');
  const [loadError, setLoadError] = useState('');
  useEffect(() => {
    if (!p.open) return;
    let live = true;
    apiGet(ADMIN_API.accountTypes)
      .then((list) => live && setTypes(list.data))
      .catch((err: unknown) => live && setLoadError(err instanceof Error ? err.message : String(err)));
    return () => {
      live = false;
    };
  }, [p.open]);
  const current = p.u.account_type;
  const others = (types ?? []).filter((t) => t.id !== current?.id);
  return (
    <ActionDialog
      open={p.open}
      onClose={() => {
        setChoice('');
        p.onClose();
      }}
      title={translate('tp.users.account_type_change')}
      content={translate('tp.users.account_type_intro', {
        user: p.u.email || p.u.phone || p.u.uid,
        type: current?.name ?? '—',
      })}
      confirm={translate('tp.users.account_type_submit')}
      textLabel={translate('tp.users.reason')}
      ready={choice !== ''}
      run={(reason) =>
        usersApi.setAccountType(p.u.id, { account_type_id: Number(choice), reason }).then(() => {
          setChoice('');
          p.done();
        })
      }
    >
      <TextField
        select
        fullWidth
        margin="dense"
        label={translate('tp.users.account_type_new')}
        value={choice}
        onChange={(e) => setChoice(Number(e.target.value))}
        error={loadError !== ''}
        helperText={loadError || undefined}
        slotProps={{ htmlInput: { 'data-testid': 'account-type-choice' } }}
      >
        {others.map((t) => (
          <MenuItem key={t.id} value={t.id}>
            {t.is_public ? t.name : `${t.name} (${translate('tp.users.account_type_private')})`}
          </MenuItem>
        ))}
      </TextField>
    </ActionDialog>
  );
}
