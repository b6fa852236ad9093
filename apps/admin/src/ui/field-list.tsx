import type { ReactNode } from 'react';

/** A detail panel's label/value pairs; empty values show as '—'. */
export function FieldList({ rows }: { rows: Array<[label: string, value: ReactNode]> }) {
  return (
    <dl className="fields">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value === '' || value === null || value === undefined ? '—' : value}</dd>
        </div>
      ))}
    </dl>
  );
}
