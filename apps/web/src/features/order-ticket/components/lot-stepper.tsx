import { useId } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { StepperInput } from './stepper-input.tsx';

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
      <StepperInput
        id={id}
        value={value}
        onChange={onChange}
        onLess={() => onStep(-1)}
        onMore={() => onStep(1)}
        lessLabel={t('ticket.lessLots')}
        moreLabel={t('ticket.moreLots')}
        canLess={canLess}
        canMore={canMore}
        invalid={Boolean(error)}
        describedBy={noteId}
        testId="ticket-lots"
      />
      <p id={noteId} className={error ? 'ticket-error' : 'ticket-hint'}>
        {error ?? hint}
      </p>
    </div>
  );
}
