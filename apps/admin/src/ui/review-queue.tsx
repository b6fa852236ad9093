import { useEffect, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import type { Paged } from '@tradepad/contracts/envelope';
import { errorMessage, type QueueQuery } from '../api.ts';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Right-aligned with tabular figures (amounts). */
  numeric?: boolean;
  /** Kept on one line (times). */
  nowrap?: boolean;
}

/** The class of a column's cells. */
export const cellClass = (c: { numeric?: boolean; nowrap?: boolean }) =>
  [c.numeric ? 'num' : '', c.nowrap ? 'nowrap' : ''].join(' ').trim() || undefined;

export interface StatusFilter {
  /** undefined lists every status. */
  value: number | undefined;
  label: string;
}

interface Props<T> {
  title: string;
  intro: ReactNode;
  statuses: StatusFilter[];
  /** The filter a queue opens on: the records waiting for a decision. */
  defaultStatus: number;
  load: (q: QueueQuery) => Promise<Paged<T>>;
  columns: Column<T>[];
  /**
   * What the detail panel shows for the selected row. After a decision it calls `changed` with the row's new fields
   * (as the server answered): the panel shows them at once, and the list reloads.
   */
  detail: (row: T, changed: (patch: Partial<T>) => void) => ReactNode;
  /** What an empty list says, per status filter. */
  emptyText: (status: number | undefined) => string;
}

const PAGE_SIZE = 20;

/**
 * A review queue: a status filter (opening on the records waiting for a decision), an optional user filter, a paged
 * table, and a detail panel for the selected row. After a decision the list is reloaded and the selected row keeps
 * showing, refreshed from the server when it is still in the filtered list.
 */
export function ReviewQueue<T extends { id: number; status: number }>({
  title,
  intro,
  statuses,
  defaultStatus,
  load,
  columns,
  detail,
  emptyText,
}: Props<T>) {
  const [status, setStatus] = useState<number | undefined>(defaultStatus);
  const [userInput, setUserInput] = useState('');
  const [userId, setUserId] = useState<number | undefined>();
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const [rows, setRows] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');
  const [selected, setSelected] = useState<T | null>(null);

  useEffect(() => {
    let live = true;
    setLoading(true);
    load({ status, user_id: userId, page, limit: PAGE_SIZE })
      .then((r) => {
        if (!live) return;
        setRows(r.data);
        setTotal(r.total);
        setError('');
        // Keep the selected row, refreshed (new status, fresh image links) when the list still holds it.
        setSelected((s) => (s ? (r.data.find((x) => x.id === s.id) ?? s) : s));
      })
      .catch((err: unknown) => {
        if (!live) return;
        setRows([]);
        setTotal(0);
        setError(errorMessage(err));
      })
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
    };
  }, [load, status, userId, page, version]);

  const reload = () => setVersion((v) => v + 1);
  const changed = (patch: Partial<T>) => {
    setSelected((s) => (s ? { ...s, ...patch } : s));
    reload();
  };
  const chooseStatus = (s: number | undefined) => {
    setStatus(s);
    setPage(1);
  };
  const applyUser = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(userInput.trim());
    setUserId(userInput.trim() && Number.isInteger(n) && n > 0 ? n : undefined);
    setPage(1);
  };
  const onRowKey = (e: KeyboardEvent, row: T) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      setSelected(row);
    }
  };
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <section className="queue">
      <div className="page-head">
        <h2>{title}</h2>
        <p className="muted">{intro}</p>
      </div>
      <div className="toolbar">
        <div className="segmented" role="group" aria-label="Status">
          {statuses.map((s) => (
            <button key={s.label} type="button" aria-pressed={status === s.value} onClick={() => chooseStatus(s.value)}>
              {s.label}
            </button>
          ))}
        </div>
        <form className="user-filter" onSubmit={applyUser}>
          <label className="inline">
            User ID
            <input
              inputMode="numeric"
              pattern="[0-9]*"
              value={userInput}
              onChange={(e) => setUserInput(e.target.value)}
              placeholder="any"
              size={8}
            />
          </label>
          <button type="submit" className="secondary">
            Filter
          </button>
        </form>
        <span className="spacer" />
        {!error && (
          <span className="muted">
            {total} {total === 1 ? 'record' : 'records'}
          </span>
        )}
        <button type="button" className="secondary" onClick={reload} disabled={loading}>
          {loading ? 'Loading…' : 'Reload'}
        </button>
      </div>
      <div className="split">
        <div className="table-card">
          {error && (
            <p role="alert" className="error banner">
              {error}
            </p>
          )}
          <table aria-busy={loading} className={loading ? 'loading' : undefined}>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c.header} className={cellClass(c)}>
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr
                  key={row.id}
                  className={selected?.id === row.id ? 'selected clickable' : 'clickable'}
                  aria-selected={selected?.id === row.id}
                  tabIndex={0}
                  onClick={() => setSelected(row)}
                  onKeyDown={(e) => onRowKey(e, row)}
                >
                  {columns.map((c) => (
                    <td key={c.header} className={cellClass(c)}>
                      {c.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
              {!loading && !error && rows.length === 0 && (
                <tr>
                  <td colSpan={columns.length} className="empty">
                    {emptyText(status)}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
          {pages > 1 && (
            <div className="pager">
              <button type="button" className="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </button>
              <span>
                Page {page} of {pages}
              </span>
              <button type="button" className="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                Next
              </button>
            </div>
          )}
        </div>
        <aside className="detail" aria-label="Details">
          {selected ? (
            <div key={selected.id}>{detail(selected, changed)}</div>
          ) : (
            <p className="muted placeholder">Select a row to see its details, images and the decision buttons.</p>
          )}
        </aside>
      </div>
    </section>
  );
}
