import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { forwardRef, useState, type FormEvent } from 'react';
import { useLogout, useNotify, useTranslate, useUserMenu } from 'react-admin';
import { ADMIN_API } from '@tradepad/contracts/api-paths';
import { markPasswordChanged } from '../providers/auth-provider.ts';
import { apiPost } from '../providers/http.ts';
import { AuthCard } from './auth-card.tsx';

/** The form's state and its submission: old, new and repeated password; the server's refusal shown as it words it. */
function usePasswordForm(onDone: () => void) {
  const translate = useTranslate();
  const [old, setOld] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError('');
    if (next !== repeat) return setError(translate('tp.password.mismatch'));
    setBusy(true);
    apiPost(ADMIN_API.mePassword, { old_password: old, new_password: next })
      .then(() => {
        markPasswordChanged();
        onDone();
      })
      .catch((err: unknown) => {
        setError(err instanceof Error ? err.message : String(err));
        setBusy(false);
      });
  };
  const fields = (
    <Stack spacing={2}>
      <TextField
        type="password"
        label={translate('tp.password.old')}
        autoComplete="current-password"
        value={old}
        onChange={(e) => setOld(e.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'admin-password-old', maxLength: 128 } }}
        required
        autoFocus
      />
      <TextField
        type="password"
        label={translate('tp.password.new')}
        helperText={translate('tp.password.new_hint')}
        autoComplete="new-password"
        value={next}
        onChange={(e) => setNext(e.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'admin-password-new', maxLength: 64 } }}
        required
      />
      <TextField
        type="password"
        label={translate('tp.password.repeat')}
        autoComplete="new-password"
        value={repeat}
        onChange={(e) => setRepeat(e.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'admin-password-repeat', maxLength: 64 } }}
        required
      />
    </Stack>
  );
  return { submit, fields, error, busy };
}

/**
 * The change-password page shown instead of the console while the password is one another staff member set (a new
 * account, a reset; DESIGN §16): nothing else opens until it is replaced. Then the console loads again (enrolment next
 * when two-factor is not set up yet).
 */
export function PasswordPage() {
  const translate = useTranslate();
  const logout = useLogout();
  const form = usePasswordForm(() => {
    window.location.hash = '#/';
    window.location.reload();
  });
  return (
    <AuthCard
      title="tp.password.title"
      width={480}
      onSubmit={form.submit}
      busy={form.busy}
      error={form.error}
      testId="admin-password"
      actions={
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
          <Button onClick={() => void logout()}>{translate('ra.auth.logout')}</Button>
          <Button type="submit" variant="contained" size="large" disabled={form.busy} data-testid="admin-password-submit">
            {translate(form.busy ? 'tp.password.busy' : 'tp.password.submit')}
          </Button>
        </Stack>
      }
    >
      <Typography>{translate('tp.password.forced')}</Typography>
      <Typography color="text.secondary">{translate('tp.password.intro')}</Typography>
      {form.fields}
    </AuthCard>
  );
}

/** "Change password" in the user menu: the same form in a dialog; the other sessions are signed out by the server. */
export const PasswordMenuItem = forwardRef<HTMLLIElement>(function PasswordMenuItem(_props, ref) {
  const translate = useTranslate();
  const notify = useNotify();
  const menu = useUserMenu();
  const [open, setOpen] = useState(false);
  const close = () => {
    setOpen(false);
    menu?.onClose();
  };
  return (
    <>
      <MenuItem ref={ref} onClick={() => setOpen(true)} data-testid="admin-password-menu">
        {translate('tp.password.menu')}
      </MenuItem>
      {open && (
        <PasswordDialog
          onClose={close}
          onDone={() => {
            notify('tp.password.done', { type: 'success' });
            close();
          }}
        />
      )}
    </>
  );
});

function PasswordDialog({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const translate = useTranslate();
  const form = usePasswordForm(onDone);
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <form onSubmit={form.submit} aria-busy={form.busy} data-testid="admin-password-dialog">
        <DialogTitle>{translate('tp.password.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography color="text.secondary">{translate('tp.password.intro')}</Typography>
            {form.fields}
            {form.error && <Typography color="error">{form.error}</Typography>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('tp.password.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={form.busy} data-testid="admin-password-submit">
            {translate(form.busy ? 'tp.password.busy' : 'tp.password.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
