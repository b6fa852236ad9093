import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage } from '../api.ts';

export interface RejectOption {
  value: number;
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
  onReject: (remark: string, status: number | undefined) => Promise<unknown>;
}

type Step = 'idle' | 'approve' | 'reject';

/**
 * Approve and reject with a confirmation step: nothing is sent until the second click, rejecting needs a remark (the
 * user reads it), and every button is disabled while the call runs so a double click sends one decision. The server
 * refuses what the staff member's role may not do; its message is shown as is.
 */
export function Decision({ approveSummary, rejectSummary, askTransferRef, rejectOptions, onApprove, onReject }: Props) {
  const [step, setStep] = useState<Step>('idle');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [remark, setRemark] = useState('');
  const [transferRef, setTransferRef] = useState('');
  const [rejectStatus, setRejectStatus] = useState<number | undefined>(rejectOptions?.[0]?.value);
  const errorRef = useRef<HTMLParagraphElement>(null);

  // The panel scrolls; a refusal must not stay hidden below its fold.
  useEffect(() => {
    if (error) errorRef.current?.scrollIntoView({ block: 'nearest' });
  }, [error]);

  const run = (action: () => Promise<unknown>) => {
    setBusy(true);
    setError('');
    action()
      .then(() => setStep('idle'))
      .catch((err: unknown) => setError(errorMessage(err)))
      .finally(() => setBusy(false));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (step === 'approve') run(() => onApprove(transferRef.trim()));
    else if (step === 'reject' && remark.trim()) run(() => onReject(remark.trim(), rejectStatus));
  };

  const choose = (next: Step) => {
    setError('');
    setStep(next);
  };

  return (
    <form className="decision" onSubmit={submit} aria-busy={busy}>
      {step === 'idle' && (
        <div className="actions">
          <button type="button" className="approve" onClick={() => choose('approve')}>
            Approve…
          </button>
          <button type="button" className="reject" onClick={() => choose('reject')}>
            Reject…
          </button>
        </div>
      )}
      {step === 'approve' && (
        <div className="confirm confirm-approve">
          <p>{approveSummary}</p>
          {askTransferRef && (
            <label>
              Transfer reference
              <input
                value={transferRef}
                onChange={(e) => setTransferRef(e.target.value)}
                maxLength={200}
                placeholder="Transaction hash or bank reference"
                disabled={busy}
                autoFocus
              />
            </label>
          )}
          <div className="actions">
            <button type="submit" className="approve" disabled={busy}>
              {busy ? 'Approving…' : 'Confirm approval'}
            </button>
            <button type="button" className="secondary" onClick={() => choose('idle')} disabled={busy}>
              Cancel
            </button>
          </div>
        </div>
      )}
      {step === 'reject' && (
        <div className="confirm confirm-reject">
          <p>{rejectSummary}</p>
          {rejectOptions && rejectOptions.length > 1 && (
            <fieldset className="choices" disabled={busy}>
              <legend>Outcome</legend>
              {rejectOptions.map((o) => (
                <label key={o.value} className="inline">
                  <input
                    type="radio"
                    name="reject-status"
                    checked={rejectStatus === o.value}
                    onChange={() => setRejectStatus(o.value)}
                  />
                  {o.label}
                </label>
              ))}
            </fieldset>
          )}
          <label>
            Remark (shown to the user)
            <textarea
              value={remark}
              onChange={(e) => setRemark(e.target.value)}
              maxLength={500}
              rows={3}
              required
              disabled={busy}
              autoFocus
            />
          </label>
          <div className="actions">
            <button type="submit" className="reject" disabled={busy || !remark.trim()}>
              {busy ? 'Rejecting…' : 'Confirm rejection'}
            </button>
            <button type="button" className="secondary" onClick={() => choose('idle')} disabled={busy}>
              Cancel
            </button>
          </div>
        </div>
      )}
      {error && (
        <p role="alert" className="error" ref={errorRef}>
          {error}
        </p>
      )}
    </form>
  );
}
