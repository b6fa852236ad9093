import { AddOutline, MinusOutline } from 'antd-mobile-icons';

/**
 * A decimal input between a minus and a plus button, as the ticket's lots and price fields draw it. Digits read left
 * to right in every language.
 */
export function StepperInput({
  id,
  value,
  onChange,
  onLess,
  onMore,
  lessLabel,
  moreLabel,
  canLess = true,
  canMore = true,
  invalid = false,
  placeholder,
  describedBy,
  testId,
}: {
  id: string;
  value: string;
  onChange(text: string): void;
  onLess(): void;
  onMore(): void;
  lessLabel: string;
  moreLabel: string;
  canLess?: boolean;
  canMore?: boolean;
  invalid?: boolean;
  placeholder?: string;
  describedBy?: string;
  testId: string;
}) {
  return (
    <div className={`ticket-stepper${invalid ? ' is-invalid' : ''}`}>
      <button
        type="button"
        className="ticket-step"
        aria-label={lessLabel}
        disabled={!canLess}
        data-testid={`${testId}-less`}
        onClick={onLess}
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
        aria-describedby={describedBy}
        data-testid={testId}
        onChange={(e) => onChange(e.target.value)}
      />
      <button
        type="button"
        className="ticket-step"
        aria-label={moreLabel}
        disabled={!canMore}
        data-testid={`${testId}-more`}
        onClick={onMore}
      >
        <AddOutline aria-hidden />
      </button>
    </div>
  );
}
