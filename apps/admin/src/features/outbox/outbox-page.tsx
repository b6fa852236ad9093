import { useEffect, useState } from 'react';
import { errorMessage, outbox, type OutboxItem } from '../../api.ts';

const PAGE_SIZE = 50;

/** Mail and SMS kept in the outbox when no provider is configured (DESIGN §2). */
export function OutboxPage() {
  const [items, setItems] = useState<OutboxItem[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [error, setError] = useState('');
  useEffect(() => {
    outbox(page)
      .then((r) => {
        setItems(r.data);
        setTotal(r.total);
        setError('');
      })
      .catch((err: unknown) => setError(errorMessage(err)));
  }, [page]);
  return (
    <section>
      <div className="page-head">
        <h2>Outbox</h2>
        <p className="muted">Mail and SMS not sent through a provider (SMTP_URL / SMS_URL unset). {total} messages.</p>
      </div>
      <div className="table-card">
        {error && (
          <p role="alert" className="error banner">
            {error}
          </p>
        )}
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
      </div>
      <div className="pager">
        <button type="button" className="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          Previous
        </button>
        <span>Page {page}</span>
        <button type="button" className="secondary" disabled={page * PAGE_SIZE >= total} onClick={() => setPage(page + 1)}>
          Next
        </button>
      </div>
    </section>
  );
}
