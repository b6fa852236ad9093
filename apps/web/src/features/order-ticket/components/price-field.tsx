import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AddOutline, MinusOutline } from 'antd-mobile-icons';
import { nudgePrice } from '../hooks/use-order-ticket.ts';

/**
 * A price input in the instrument's precision with a down and an up button on either side (one `step` each). Digits
 * read left to right in every language.
 */
export function PriceField({
  label,
  value,
  onChange,
  precision,
  step,
  fallback,
  placeholder,
  invalid,
  hint,
  hideLabel = false,
  testId,
}: {
  label: string;
  value: string;
  onChange(text: string): void;
  precision: number;
  /** Points per tap on minus or plus (priceStep). */
  step: number;
  /** Where the buttons start from while the field is empty: the last close. */
  fallback: number | undefined;
  placeholder?: string;
  invalid?: boolean;
  hint?: string;
  hideLabel?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="ticket-field">
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'ticket-label'}>
        {label}
      </label>
      <div className={`ticket-stepper${invalid ? ' is-invalid' : ''}`}>
        <button
          type="button"
          className="ticket-step"
          aria-label={t('ticket.lower', { field: label })}
          data-testid={`${testId}-less`}
          onClick={() => onChange(nudgePrice(value, -1, step, precision, fallback))}
        >
          <MinusOutline aria-hidden />
        </button>
        <input
          id={id}
          className="ticket-input num"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          dir="ltr"
          value={value}
          placeholder={placeholder}
          aria-invalid={invalid || undefined}
          data-testid={testId}
          onChange={(e) => onChange(e.target.value)}
        />
        <button
          type="button"
          className="ticket-step"
          aria-label={t('ticket.higher', { field: label })}
          data-testid={`${testId}-more`}
          onClick={() => onChange(nudgePrice(value, 1, step, precision, fallback))}
        >
          <AddOutline aria-hidden />
        </button>
      </div>
      {hint && <p className="ticket-hint">{hint}</p>}
    </div>
  );
}
