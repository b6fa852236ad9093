import type { ReactNode } from 'react';
import './form.css';

/** A form that the page checks itself (no native validation bubbles); submitting while `busy` does nothing. */
export function Form({
  className,
  busy,
  onSubmit,
  children,
}: {
  className: string;
  busy: boolean;
  onSubmit(): Promise<void>;
  children: ReactNode;
}) {
  return (
    <form
      className={className}
      onSubmit={(e) => {
        e.preventDefault();
        if (!busy) void onSubmit();
      }}
      noValidate
    >
      {children}
    </form>
  );
}

/** The form's full-width primary button, disabled while the request runs. */
export function SubmitButton({ busy, testId, children }: { busy: boolean; testId: string; children: ReactNode }) {
  return (
    <button type="submit" className="btn btn-primary btn-block" disabled={busy} data-testid={testId}>
      {children}
    </button>
  );
}
