import { useId } from 'react';

export interface Choice<T> {
  value: T;
  label: string;
  /** A second, smaller line (a coin's network). */
  sub?: string;
  testId?: string;
}

/** A single choice among a few options (a currency, a network) as a wrap of 44 px chips. */
export function ChoiceChips<T extends string | number>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: Choice<T>[];
  value: T | null;
  onChange(value: T): void;
}) {
  const id = useId();
  return (
    <div className="field">
      <span className="field-label" id={id}>
        {label}
      </span>
      <div className="pick-chips" role="radiogroup" aria-labelledby={id}>
        {options.map((o) => (
          <button
            key={o.value}
            type="button"
            role="radio"
            aria-checked={o.value === value}
            className={`pick-chip${o.value === value ? ' is-active' : ''}`}
            data-testid={o.testId}
            onClick={() => onChange(o.value)}
          >
            <bdi className="pick-chip-label">{o.label}</bdi>
            {o.sub && <bdi className="pick-chip-sub">{o.sub}</bdi>}
          </button>
        ))}
      </div>
    </div>
  );
}
