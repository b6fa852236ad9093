import { useId } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { nudgePrice } from '../hooks/use-order-ticket.ts';
import { StepperInput } from './stepper-input.tsx';

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
      <StepperInput
        id={id}
        value={value}
        onChange={onChange}
        onLess={() => onChange(nudgePrice(value, -1, step, precision, fallback))}
        onMore={() => onChange(nudgePrice(value, 1, step, precision, fallback))}
        lessLabel={t('ticket.lower', { field: label })}
        moreLabel={t('ticket.higher', { field: label })}
        invalid={invalid}
        placeholder={placeholder}
        testId={testId}
      />
      {hint && <p className="ticket-hint">{hint}</p>}
    </div>
  );
}
