import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage } from '../api.ts';
import { toBody, toForm, type FieldSpec, type FormValues } from './config-form.ts';
import { cellClass, type Column } from './review-queue.tsx';

interface Props<T extends { id: number }> {
  title: string;
  intro: ReactNode;
  /** The singular noun for the buttons ("channel"). */
  noun: string;
  load: () => Promise<T[]>;
  /** Creates (id undefined) or updates a record; resolves with the saved record. */
  save: (id: number | undefined, body: Record<string, unknown>) => Promise<T>;
  columns: Column<T>[];
  fields: FieldSpec[];
  /** The form of a new record. */
  blank: FormValues;
}

/**
 * A configuration table with an add/edit form above it. The server validates every field and answers with the
 * message to show; the form stays open with what was typed until it saves.
 */
export function ConfigTable<T extends { id: number }>({ title, intro, noun, load, save, columns, fields, blank }: Props<T>) {
  const [rows, setRows] = useState<T[]>([]);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState('');
  const [version, setVersion] = useState(0);
  /** undefined: no form; null: a new record; a number: editing that record. */
  const [editing, setEditing] = useState<number | null | undefined>();
  const [values, setValues] = useState<FormValues>(blank);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState('');
  const [saved, setSaved] = useState('');

  useEffect(() => {
    let live = true;
    setLoading(true);
    load()
      .then((r) => {
        if (!live) return;
        setRows(r);
        setLoadError('');
      })
      .catch((err: unknown) => {
        if (live) setLoadError(errorMessage(err));
      })
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
    };
  }, [load, version]);

  const open = (row: T | null) => {
    setEditing(row ? row.id : null);
    setValues(row ? toForm(row, fields) : blank);
    setFormError('');
    setSaved('');
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (editing === undefined) return;
    setBusy(true);
    setFormError('');
    save(editing ?? undefined, toBody(values, fields))
      .then((row) => {
        setSaved(`${editing === null ? 'Added' : 'Saved'} ${noun} #${row?.id ?? editing ?? ''}.`);
        setEditing(undefined);
        setVersion((v) => v + 1);
      })
      .catch((err: unknown) => setFormError(errorMessage(err)))
      .finally(() => setBusy(false));
  };

  const set = (name: string, v: string | boolean) => setValues((old) => ({ ...old, [name]: v }));

  return (
    <section className="config">
      <div className="page-head row">
        <div>
          <h3>{title}</h3>
          <p className="muted">{intro}</p>
        </div>
        <button type="button" onClick={() => open(null)} disabled={editing !== undefined}>
          Add {noun}
        </button>
      </div>
      {saved && (
        <p role="status" className="notice">
          {saved}
        </p>
      )}
      {editing !== undefined && (
        <form className="editor" onSubmit={submit} aria-busy={busy}>
          <h4>{editing === null ? `New ${noun}` : `Edit ${noun} #${editing}`}</h4>
          <fieldset className="form-grid" disabled={busy}>
            {fields.map((f) => (
              <FieldInput
                key={f.name}
                spec={f}
                value={values[f.name] ?? (f.kind === 'bool' ? false : '')}
                onChange={(v) => set(f.name, v)}
              />
            ))}
          </fieldset>
          {formError && (
            <p role="alert" className="error">
              {formError}
            </p>
          )}
          <div className="actions">
            <button type="submit" disabled={busy}>
              {busy ? 'Saving…' : editing === null ? `Add ${noun}` : 'Save changes'}
            </button>
            <button type="button" className="secondary" onClick={() => setEditing(undefined)} disabled={busy}>
              Cancel
            </button>
          </div>
        </form>
      )}
      <div className="table-card">
        {loadError && (
          <p role="alert" className="error banner">
            {loadError}
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
              <th>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className={editing === row.id ? 'selected' : undefined}>
                {columns.map((c) => (
                  <td key={c.header} className={cellClass(c)}>
                    {c.cell(row)}
                  </td>
                ))}
                <td className="row-actions">
                  <button type="button" className="link" onClick={() => open(row)} disabled={editing !== undefined}>
                    Edit
                  </button>
                </td>
              </tr>
            ))}
            {!loading && !loadError && rows.length === 0 && (
              <tr>
                <td colSpan={columns.length + 1} className="empty">
                  Nothing configured yet. Use “Add {noun}” to create the first.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function FieldInput({
  spec: f,
  value,
  onChange,
}: {
  spec: FieldSpec;
  value: string | boolean;
  onChange: (v: string | boolean) => void;
}) {
  const className = f.wide ? 'wide' : undefined;
  if (f.kind === 'bool') {
    return (
      <label className={`inline check ${className ?? ''}`}>
        <input type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} />
        {f.label}
      </label>
    );
  }
  const text = typeof value === 'string' ? value : '';
  const hint = f.hint && <small className="muted">{f.hint}</small>;
  if (f.kind === 'select') {
    return (
      <label className={className}>
        {f.label}
        <select value={text} onChange={(e) => onChange(e.target.value)} required={!f.optional}>
          {f.options?.map((o) => (
            <option key={o.value} value={String(o.value)}>
              {o.label}
            </option>
          ))}
        </select>
        {hint}
      </label>
    );
  }
  if (f.kind === 'textarea') {
    return (
      <label className={className}>
        {f.label}
        <textarea
          value={text}
          onChange={(e) => onChange(e.target.value)}
          rows={2}
          maxLength={f.maxLength}
          required={!f.optional}
        />
        {hint}
      </label>
    );
  }
  return (
    <label className={className}>
      {f.label}
      <input
        value={text}
        onChange={(e) => onChange(e.target.value)}
        inputMode={f.kind === 'decimal' ? 'decimal' : f.kind === 'int' ? 'numeric' : undefined}
        pattern={f.kind === 'decimal' ? '[0-9]+(\\.[0-9]+)?' : f.kind === 'int' ? '[0-9]+' : undefined}
        maxLength={f.maxLength}
        required={!f.optional}
        spellCheck={false}
      />
      {hint}
    </label>
  );
}
