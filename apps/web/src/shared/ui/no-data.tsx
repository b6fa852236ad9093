import type { ReactNode } from 'react';
import './no-data.css';

/** An empty state that says what happened and what to do next (DESIGN §9). */
export function NoData({ title, hint, action }: { title: string; hint?: string; action?: ReactNode }) {
  return (
    <div className="no-data" data-testid="no-data" role="status">
      <svg className="no-data-art" viewBox="0 0 96 72" width="96" height="72" aria-hidden="true" focusable="false">
        <rect x="10" y="10" width="76" height="52" rx="10" style={{ fill: 'var(--tp-primary-soft)' }} />
        <path d="M22 48l14-12 10 7 14-16 14 11" fill="none" stroke="#9db4f2" strokeWidth="3" strokeLinecap="round" />
        <circle cx="72" cy="22" r="4" fill="#c7d6ff" />
      </svg>
      <p className="no-data-title">{title}</p>
      {hint && <p className="no-data-hint">{hint}</p>}
      {action}
    </div>
  );
}
