import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AddOutline, MinusOutline } from 'antd-mobile-icons';

/**
 * The lots field (spec §5): minus and plus step by the instrument's `Pip`; minus is disabled when a step down would
 * leave the smallest valid size (canStepDown), plus at the largest.
 */
export function LotStepper({
  value,
  onChange,
  onStep,
  canLess,
  canMore,
  error,
  hint,
}: {
  value: string;
  onChange(text: string): void;
  onStep(direction: 1 | -1): void;
  canLess: boolean;
  canMore: boolean;
  error?: string;
  hint?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const noteId = `${id}-note`;
  return (
    <div className="ticket-field">
      <label htmlFor={id} className="ticket-label">
        {t('trading.lots')}
      </label>
      <div className={`ticket-stepper${error ? ' is-invalid' : ''}`}>
        <button
          type="button"
          className="ticket-step"
          aria-label={t('ticket.lessLots')}
          disabled={!canLess}
          data-testid="ticket-lots-less"
          onClick={() => onStep(-1)}
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
          aria-invalid={error ? true : undefined}
          aria-describedby={noteId}
          data-testid="ticket-lots"
          onChange={(e) => onChange(e.target.value)}
        />
        <button
          type="button"
          className="ticket-step"
          aria-label={t('ticket.moreLots')}
          disabled={!canMore}
          data-testid="ticket-lots-more"
          onClick={() => onStep(1)}
        >
          <AddOutline aria-hidden />
        </button>
      </div>
      <p id={noteId} className={error ? 'ticket-error' : 'ticket-hint'}>
        {error ?? hint}
      </p>
    </div>
  );
}
