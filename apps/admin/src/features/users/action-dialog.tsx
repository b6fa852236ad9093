import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/**
 * A confirmation before an action on a user: what will happen, optionally a required text (a reason, a remark), and
 * the server's refusal shown as it words it. `run` gets the text and rejects with the refusal.
 */
export function ActionDialog(props: {
  open: boolean;
  title: string;
  content: ReactNode;
  confirm: string;
  textLabel?: string;
  onClose: () => void;
  run: (text: string) => Promise<unknown>;
  children?: ReactNode;
  /** Extra fields are valid (the adjustment form); the text, when asked, must not be empty too. */
  ready?: boolean;
}) {
  const translate = useTranslate();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const close = () => {
    setText('');
    setError('');
    props.onClose();
  };
  const go = async () => {
    setBusy(true);
    setError('');
    try {
      await props.run(text.trim());
      close();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  const ready = (props.ready ?? true) && (!props.textLabel || text.trim() !== '');
  return (
    <Dialog open={props.open} onClose={close} maxWidth="sm" fullWidth>
      <DialogTitle>{props.title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div" sx={{ mb: 1 }}>
          {props.content}
        </DialogContentText>
        {props.children}
        {props.textLabel && (
          <TextField
            label={props.textLabel}
            value={text}
            onChange={(e) => setText(e.target.value)}
            fullWidth
            required
            multiline
            minRows={2}
            margin="dense"
          />
        )}
        {error && (
          <DialogContentText color="error" role="alert" sx={{ mt: 1 }}>
            {error}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={!ready || busy} onClick={() => void go()}>
          {props.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
