import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import './form.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix'> {
  label: string;
  /** Shown before the input inside the box (e.g. the area code button). */
  prefix?: ReactNode;
  /** Shown after the input inside the box (eye toggle, send-code button, captcha). */
  suffix?: ReactNode;
  testId?: string;
  hint?: ReactNode;
}

/** A labelled native input in a bordered box; the visible label is the accessible name. */
export function TextField({ label, prefix, suffix, testId, hint, id, className, ...input }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label className="field-label" htmlFor={inputId}>
        {label}
      </label>
      <div className="field-box">
        {prefix}
        <input id={inputId} className="field-input" data-testid={testId} aria-describedby={hintId} {...input} />
        {suffix}
      </div>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
    </div>
  );
}
