import { useEffect, useState, type FormEvent } from 'react';
import { errorMessage, login, logout, me, onSessionExpired, session, type Staff } from './api.ts';
import { ChannelsPage } from './features/channels/channels-page.tsx';
import { DepositsPage } from './features/deposits/deposits-page.tsx';
import { KycPage } from './features/kyc/kyc-page.tsx';
import { OutboxPage } from './features/outbox/outbox-page.tsx';
import { SettingsPage } from './features/settings/settings-page.tsx';
import { WithdrawalsPage } from './features/withdrawals/withdrawals-page.tsx';

/** The console's pages, addressed by the URL hash (`/admin/#/withdrawals`) so a reload stays on the page. */
const PAGES = [
  { id: 'deposits', label: 'Deposits', Page: DepositsPage },
  { id: 'withdrawals', label: 'Withdrawals', Page: WithdrawalsPage },
  { id: 'kyc', label: 'Real-name', Page: KycPage },
  { id: 'channels', label: 'Channels', Page: ChannelsPage },
  { id: 'settings', label: 'Settings', Page: SettingsPage },
  { id: 'outbox', label: 'Outbox', Page: OutboxPage },
] as const;
type PageId = (typeof PAGES)[number]['id'];

const pageFromHash = (): PageId => {
  const id = window.location.hash.replace(/^#\/?/, '');
  return PAGES.find((p) => p.id === id)?.id ?? 'deposits';
};

function useHashPage(): PageId {
  const [page, setPage] = useState(pageFromHash);
  useEffect(() => {
    const onHash = () => setPage(pageFromHash());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  return page;
}

const ROLE_NAMES: Record<string, string> = {
  super_admin: 'Super admin',
  finance: 'Finance',
  compliance: 'Compliance',
  dealer: 'Dealer',
  content: 'Content',
};

/** The back office: staff sign-in, then the review queues, configuration and the outbox. */
export function App() {
  const [staff, setStaff] = useState<Staff | null>(null);
  const [checking, setChecking] = useState(Boolean(session.get()));
  const [expired, setExpired] = useState(false);
  const page = useHashPage();

  useEffect(() => {
    if (!session.get()) return;
    me()
      .then(setStaff)
      .catch(() => session.clear())
      .finally(() => setChecking(false));
  }, []);

  useEffect(
    () =>
      onSessionExpired(() => {
        setStaff(null);
        setExpired(true);
      }),
    [],
  );

  if (checking) return <p className="muted centered">Loading…</p>;
  if (!staff)
    return (
      <Login
        notice={expired ? 'Your session ended. Sign in again.' : ''}
        onIn={(s) => {
          setExpired(false);
          setStaff(s);
        }}
      />
    );
  const current = PAGES.find((p) => p.id === page) ?? PAGES[0];
  return (
    <div className="app">
      <header className="topbar">
        <strong className="brand">Tradepad back office</strong>
        <nav aria-label="Sections">
          {PAGES.map((p) => (
            <a key={p.id} href={`#/${p.id}`} aria-current={p.id === page ? 'page' : undefined}>
              {p.label}
            </a>
          ))}
        </nav>
        <span className="who">
          {staff.name || staff.email}
          {(ROLE_NAMES[staff.role] ?? staff.role) !== staff.name && <small>{ROLE_NAMES[staff.role] ?? staff.role}</small>}
        </span>
        <button
          type="button"
          className="secondary"
          onClick={() => {
            void logout().finally(() => {
              session.clear();
              setStaff(null);
            });
          }}
        >
          Sign out
        </button>
      </header>
      <main className="shell">
        <current.Page key={current.id} />
      </main>
    </div>
  );
}

function Login({ onIn, notice }: { onIn: (s: Staff) => void; notice: string }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError('');
    setBusy(true);
    login(email, password)
      .then(({ token, ...s }) => {
        session.set(token);
        onIn(s);
      })
      .catch((err: unknown) => {
        setError(errorMessage(err));
        setBusy(false);
      });
  };
  return (
    <form className="login" onSubmit={submit}>
      <h1>Tradepad back office</h1>
      {notice && !error && <p className="muted">{notice}</p>}
      <label>
        Email
        <input type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} required />
      </label>
      <label>
        Password
        <input
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
      </label>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
