import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { ADMIN_API } from '@tradepad/contracts/api-paths';
import type { StaffListItem } from '@tradepad/contracts/staff/answers';
import { apiPost } from '../../providers/http.ts';
import { CopyText } from '../../ui/copy-text.tsx';

type What = 'password' | '2fa';

/**
 * A super admin's reset of another staff member (DESIGN §16): their password (a temporary one, shown here once, to be
 * replaced at their first sign-in) or their two-factor sign-in (set up again at the next sign-in). Each after a
 * confirmation; the member is signed out at once. Not offered for oneself (the server refuses it too).
 */
export function StaffResetActions({ member, disabled }: { member: StaffListItem; disabled: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [asking, setAsking] = useState<What | undefined>();
  const [busy, setBusy] = useState(false);
  const [temporary, setTemporary] = useState<string | undefined>();
  const name = member.name || member.email;

  const send = () => {
    if (!asking) return;
    setBusy(true);
    apiPost(`${ADMIN_API.staff}/:id/reset`, { what: asking }, { id: member.id })
      .then((answer) => {
        if (answer.temporary_password) setTemporary(answer.temporary_password);
        else notify('tp.staff.reset_done', { type: 'success', messageArgs: { name } });
      })
      .catch((err: unknown) => notify(err instanceof Error ? err.message : 'ra.notification.http_error', { type: 'error' }))
      .finally(() => {
        setBusy(false);
        setAsking(undefined);
      });
  };

  return (
    <>
      <Button
        size="small"
        sx={{ whiteSpace: 'nowrap' }}
        disabled={disabled || busy}
        onClick={() => setAsking('password')}
        data-testid={`staff-reset-password-${member.id}`}
      >
        {translate('tp.staff.reset_password')}
      </Button>
      <Button
        size="small"
        sx={{ whiteSpace: 'nowrap' }}
        disabled={disabled || busy}
        onClick={() => setAsking('2fa')}
        data-testid={`staff-reset-2fa-${member.id}`}
      >
        {translate('tp.staff.reset_2fa')}
      </Button>
      {asking && (
        <Confirm
          isOpen
          loading={busy}
          title={translate(`tp.staff.reset_${asking}_title`, { name })}
          content={translate(`tp.staff.reset_${asking}_confirm`, { name })}
          confirm="tp.staff.reset"
          confirmColor="warning"
          onConfirm={send}
          onClose={() => setAsking(undefined)}
        />
      )}
      {temporary && (
        <Dialog open onClose={() => setTemporary(undefined)} maxWidth="xs" fullWidth data-testid="staff-temporary">
          <DialogTitle>{translate('tp.staff.temporary_title', { name })}</DialogTitle>
          <DialogContent>
            <Stack spacing={2}>
              <Typography color="text.secondary">{translate('tp.staff.temporary_intro')}</Typography>
              <Typography component="div" variant="h6" dir="ltr" data-testid="staff-temporary-password">
                <CopyText text={temporary} />
              </Typography>
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={() => setTemporary(undefined)}>
              {translate('tp.staff.temporary_close')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
