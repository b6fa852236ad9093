import { ADMIN_API } from '@tradepad/contracts/api-paths';
import type { AdminStrategy } from '@tradepad/contracts/copy/schemas';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { apiPost, newIdempotencyKey } from '../../providers/http.ts';

/** What the dialog does to the strategy: suspend an open one, resume a suspended one. */
export type StatusAction = 'suspend' | 'resume';

/**
 * Suspending or resuming a strategy (DESIGN §18, audited `strategy.suspend` / `strategy.resume` on the server): what
 * it does to followers, a required reason, and nothing sent before the confirming click. One Idempotency-Key per
 * opened dialog, so a retried click is answered with the first decision instead of being made twice. The server's
 * refusal (a role, a strategy already in that state) is shown as it words it.
 */
export function StrategyStatusDialog(props: {
  strategy: AdminStrategy;
  action: StatusAction;
  onClose: () => void;
  onDone: (changed: AdminStrategy) => void;
}) {
  const { strategy, action } = props;
  const translate = useTranslate();
  const notify = useNotify();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const key = useRef(newIdempotencyKey());

  const send = async () => {
    setBusy(true);
    setError('');
    try {
      const path = action === 'suspend' ? ADMIN_API.copyStrategySuspend : ADMIN_API.copyStrategyResume;
      const changed = await apiPost(path, { reason: reason.trim() }, { id: strategy.id, idempotencyKey: key.current });
      notify(translate(action === 'suspend' ? 'tp.copy.suspended_done' : 'tp.copy.resumed_done', { name: strategy.name }), {
        type: 'success',
      });
      props.onDone(changed);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : props.onClose} maxWidth="sm" fullWidth>
      <DialogTitle>
        {translate(action === 'suspend' ? 'tp.copy.suspend_title' : 'tp.copy.resume_title', { name: strategy.name })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>
          {translate(action === 'suspend' ? 'tp.copy.suspend_text' : 'tp.copy.resume_text')}
        </DialogContentText>
        <TextField
          label={translate('tp.copy.reason')}
          helperText={translate('tp.copy.reason_hint')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          required
          fullWidth
          multiline
          minRows={2}
          margin="dense"
          slotProps={{ htmlInput: { maxLength: 500 } }}
          autoFocus
        />
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 1 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button
          variant="contained"
          color={action === 'suspend' ? 'warning' : 'primary'}
          disabled={busy || reason.trim() === ''}
          onClick={() => void send()}
          data-testid={`copy-${action}-confirm`}
        >
          {translate(action === 'suspend' ? 'tp.copy.suspend' : 'tp.copy.resume')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
