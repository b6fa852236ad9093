/** Grey rows shaped like a record list while it loads (DESIGN §9). */
export function ListSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <ul className="record-list" aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => (
        <li key={i} className="record-row">
          <span className="sk" style={{ width: '55%', height: 16 }} />
          <span className="sk" style={{ width: '80%', height: 13 }} />
          <span className="sk" style={{ width: '35%', height: 12 }} />
        </li>
      ))}
    </ul>
  );
}
