import { useEffect, useState, type FormEvent } from 'react';
import { errorMessage } from '../../api.ts';
import { saveWalletSettings, walletSettings, type WalletSettings } from './settings.api.ts';

/** Wallet settings staff change at run time. */
export function SettingsPage() {
  const [saved, setSaved] = useState<WalletSettings | null>(null);
  const [requireKyc, setRequireKyc] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');

  useEffect(() => {
    walletSettings()
      .then((s) => {
        setSaved(s);
        setRequireKyc(s.withdraw_requires_kyc);
      })
      .catch((err: unknown) => setError(errorMessage(err)));
  }, []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    setNotice('');
    saveWalletSettings({ withdraw_requires_kyc: requireKyc })
      .then((s) => {
        setSaved(s);
        setRequireKyc(s.withdraw_requires_kyc);
        setNotice('Settings saved.');
      })
      .catch((err: unknown) => setError(errorMessage(err)))
      .finally(() => setBusy(false));
  };

  const dirty = saved !== null && saved.withdraw_requires_kyc !== requireKyc;
  return (
    <section>
      <div className="page-head">
        <h2>Settings</h2>
        <p className="muted">
          Wallet rules that apply to every user. Changes take effect at once and are recorded in the audit log.
        </p>
      </div>
      <form className="card settings" onSubmit={submit} aria-busy={busy}>
        <h3>Withdrawals</h3>
        {saved === null && !error && <p className="muted">Loading…</p>}
        {saved !== null && (
          <label className="inline check">
            <input type="checkbox" checked={requireKyc} onChange={(e) => setRequireKyc(e.target.checked)} disabled={busy} />
            <span>
              Require real-name verification before withdrawing
              <small className="muted block">
                When on, users without an approved real-name application are asked to verify before they can withdraw.
              </small>
            </span>
          </label>
        )}
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        {notice && (
          <p role="status" className="notice">
            {notice}
          </p>
        )}
        <div className="actions">
          <button type="submit" disabled={busy || !dirty}>
            {busy ? 'Saving…' : 'Save'}
          </button>
          {dirty && (
            <button
              type="button"
              className="secondary"
              onClick={() => setRequireKyc(saved.withdraw_requires_kyc)}
              disabled={busy}
            >
              Discard
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
