import { useEffect, useState, type FormEvent } from 'react';
import { login, logout, me, outbox, session, type OutboxItem, type Staff } from './api.ts';

/** The back office's first pages: staff sign-in and the outbox. The full console comes with later issues. */
export function App() {
  const [staff, setStaff] = useState<Staff | null>(null);
  const [checking, setChecking] = useState(Boolean(session.get()));

  useEffect(() => {
    if (!session.get()) return;
    me()
      .then(setStaff)
      .catch(() => session.clear())
      .finally(() => setChecking(false));
  }, []);

  if (checking) return <p className="muted">Loading…</p>;
  if (!staff) return <Login onIn={setStaff} />;
  return (
    <div className="shell">
      <header>
        <strong>Tradepad back office</strong>
        <span className="muted">
          {staff.name} · {staff.role}
        </span>
        <button
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
      <Outbox />
    </div>
  );
}

function Login({ onIn }: { onIn: (s: Staff) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError('');
    login(email, password)
      .then(({ token, ...s }) => {
        session.set(token);
        onIn(s);
      })
      .catch((err: Error) => setError(err.message));
  };
  return (
    <form className="login" onSubmit={submit}>
      <h1>Tradepad back office</h1>
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
      <button type="submit">Sign in</button>
    </form>
  );
}

function Outbox() {
  const [items, setItems] = useState<OutboxItem[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  useEffect(() => {
    void outbox(page).then((r) => {
      setItems(r.data);
      setTotal(r.total);
    });
  }, [page]);
  return (
    <section>
      <h2>Outbox</h2>
      <p className="muted">Mail and SMS not sent through a provider (SMTP_URL / SMS_URL unset). {total} messages.</p>
      <table>
        <thead>
          <tr>
            <th>Time</th>
            <th>Channel</th>
            <th>To</th>
            <th>Subject</th>
            <th>Message</th>
          </tr>
        </thead>
        <tbody>
          {items.map((m) => (
            <tr key={m.id}>
              <td>{new Date(m.created_at).toLocaleString()}</td>
              <td>{m.channel}</td>
              <td>{m.recipient}</td>
              <td>{m.subject}</td>
              <td>{m.body}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="pager">
        <button disabled={page <= 1} onClick={() => setPage(page - 1)}>
          Previous
        </button>
        <span>Page {page}</span>
        <button disabled={page * 50 >= total} onClick={() => setPage(page + 1)}>
          Next
        </button>
      </div>
    </section>
  );
}
