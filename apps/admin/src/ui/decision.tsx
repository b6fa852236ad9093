import {
  Alert,
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

export interface RejectOption {
  value: number;
  /** A message key. */
  label: string;
}

interface Props {
  /** What the confirmation says approving does ("Credit 100.00 USD to alice@example.com"). */
  approveSummary: ReactNode;
  /** What the confirmation says rejecting does. */
  rejectSummary: ReactNode;
  /** Ask for the payout's transfer reference (a transaction hash or bank reference) when approving. */
  askTransferRef?: boolean;
  /** Outcomes a rejection may take (a deposit can be rejected or marked invalid); one outcome when absent. */
  rejectOptions?: RejectOption[];
  /** Sends the approval; resolves once the server accepted it (the caller then refreshes the row). */
  onApprove: (transferRef: string) => Promise<unknown>;
  /** Sends the rejection with its remark and, when there are options, the chosen outcome. */
  onReject?: (remark: string, status: number | undefined) => Promise<unknown>;
  /** Real-name: asks the user for more information with a message (a third choice, "More information needed"). */
  onMore?: (message: string) => Promise<unknown>;
  /** What the confirmation says asking for more does. */
  moreSummary?: ReactNode;
  /** Offer only "More information needed" (an approved application whose document expired). */
  moreOnly?: boolean;
}

type Step = 'idle' | 'approve' | 'reject' | 'more';

const messageOf = (err: unknown) => (err instanceof Error && err.message ? err.message : 'ra.notification.http_error');

/**
 * Approve and reject with a confirmation step: nothing is sent until the second click, rejecting needs a remark (the
 * user reads it), and every button is disabled while the call runs so a double click sends one decision. The server
 * refuses what the staff member's role may not do; its message is shown as is.
 */
export function Decision(props: Props) {
  const { approveSummary, rejectSummary, askTransferRef, rejectOptions, onApprove, onReject, onMore, moreOnly } = props;
  const translate = useTranslate();
  const [step, setStep] = useState<Step>('idle');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [remark, setRemark] = useState('');
  const [transferRef, setTransferRef] = useState('');
  const [rejectStatus, setRejectStatus] = useState<number | undefined>(rejectOptions?.[0]?.value);
  const errorRef = useRef<HTMLDivElement>(null);

  // The panel scrolls; a refusal must not stay hidden below its fold.
  useEffect(() => {
    if (error) errorRef.current?.scrollIntoView({ block: 'nearest' });
  }, [error]);

  const run = (action: () => Promise<unknown>) => {
    setBusy(true);
    setError('');
    action()
      .then(() => setStep('idle'))
      .catch((err: unknown) => setError(messageOf(err)))
      .finally(() => setBusy(false));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (step === 'approve') run(() => onApprove(transferRef.trim()));
    else if (step === 'reject' && remark.trim() && onReject) run(() => onReject(remark.trim(), rejectStatus));
    else if (step === 'more' && remark.trim() && onMore) run(() => onMore(remark.trim()));
  };

  const choose = (next: Step) => {
    setError('');
    setStep(next);
  };

  const cancel = (
    <Button variant="text" onClick={() => choose('idle')} disabled={busy}>
      {translate('ra.action.cancel')}
    </Button>
  );

  return (
    <Box component="form" onSubmit={submit} aria-busy={busy} sx={{ mt: 2 }}>
      {step === 'idle' && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {!moreOnly && (
            <Button variant="contained" color="success" onClick={() => choose('approve')}>
              {translate('tp.decision.approve')}
            </Button>
          )}
          {!moreOnly && onReject && (
            <Button variant="outlined" color="error" onClick={() => choose('reject')}>
              {translate('tp.decision.reject')}
            </Button>
          )}
          {onMore && (
            <Button variant="outlined" color="warning" onClick={() => choose('more')} data-testid="kyc-more">
              {translate('tp.decision.more')}
            </Button>
          )}
        </Stack>
      )}
      {step === 'more' && (
        <Stack spacing={1.5} sx={{ p: 1.5, border: 1, borderColor: 'warning.light', borderRadius: 1 }}>
          <Typography variant="body2">{props.moreSummary}</Typography>
          <TextField
            label={translate('tp.decision.message')}
            value={remark}
            onChange={(e) => setRemark(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'kyc-more-message' } }}
            multiline
            minRows={3}
            required
            disabled={busy}
            size="small"
            autoFocus
          />
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" color="warning" disabled={busy || !remark.trim()}>
              {translate(busy ? 'tp.decision.asking' : 'tp.decision.confirm_more')}
            </Button>
            {cancel}
          </Stack>
        </Stack>
      )}
      {step === 'approve' && (
        <Stack spacing={1.5} sx={{ p: 1.5, border: 1, borderColor: 'success.light', borderRadius: 1 }}>
          <Typography variant="body2">{approveSummary}</Typography>
          {askTransferRef && (
            <TextField
              label={translate('tp.decision.transfer_ref')}
              placeholder={translate('tp.decision.transfer_ref_hint')}
              value={transferRef}
              onChange={(e) => setTransferRef(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 200 } }}
              disabled={busy}
              size="small"
              autoFocus
            />
          )}
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" color="success" disabled={busy}>
              {translate(busy ? 'tp.decision.approving' : 'tp.decision.confirm_approve')}
            </Button>
            {cancel}
          </Stack>
        </Stack>
      )}
      {step === 'reject' && (
        <Stack spacing={1.5} sx={{ p: 1.5, border: 1, borderColor: 'error.light', borderRadius: 1 }}>
          <Typography variant="body2">{rejectSummary}</Typography>
          {rejectOptions && rejectOptions.length > 1 && (
            <FormControl disabled={busy}>
              <FormLabel>{translate('tp.decision.outcome')}</FormLabel>
              <RadioGroup value={String(rejectStatus)} onChange={(e) => setRejectStatus(Number(e.target.value))}>
                {rejectOptions.map((o) => (
                  <FormControlLabel
                    key={o.value}
                    value={String(o.value)}
                    control={<Radio size="small" />}
                    label={translate(o.label)}
                  />
                ))}
              </RadioGroup>
            </FormControl>
          )}
          <TextField
            label={translate('tp.decision.remark')}
            value={remark}
            onChange={(e) => setRemark(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 500 } }}
            multiline
            minRows={3}
            required
            disabled={busy}
            size="small"
            autoFocus
          />
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" color="error" disabled={busy || !remark.trim()}>
              {translate(busy ? 'tp.decision.rejecting' : 'tp.decision.confirm_reject')}
            </Button>
            {cancel}
          </Stack>
        </Stack>
      )}
      {error && (
        <Alert severity="error" ref={errorRef} sx={{ mt: 1.5 }}>
          {translate(error, { _: error })}
        </Alert>
      )}
    </Box>
  );
}
