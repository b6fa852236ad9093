import { useId } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { StepperInput } from './stepper-input.tsx';

/**
 * The market order's maximum slippage (DESIGN §12 `deviation`), in whole points of the instrument, with minus and
 * plus buttons (one price step each) and, below, the worst price the order may fill at.
 */
export function DeviationField({
  value,
  onChange,
  onStep,
  limit,
  invalid,
}: {
  value: string;
  onChange(text: string): void;
  onStep(direction: 1 | -1): void;
  /** The worst fill accepted, formatted; undefined without a quote or a valid value. */
  limit: string | undefined;
  invalid: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const noteId = `${id}-note`;
  return (
    <div className="ticket-field ticket-deviation">
      <label htmlFor={id} className="ticket-label">
        {t('ticket.deviation')} <span className="ticket-label-unit">({t('ticket.deviationUnit')})</span>
      </label>
      <StepperInput
        id={id}
        value={value}
        onChange={onChange}
        onLess={() => onStep(-1)}
        onMore={() => onStep(1)}
        lessLabel={t('ticket.lessDeviation')}
        moreLabel={t('ticket.moreDeviation')}
        canLess={value !== '' && value !== '0'}
        invalid={invalid}
        describedBy={noteId}
        testId="ticket-deviation"
      />
      <p id={noteId} className={invalid ? 'ticket-error' : 'ticket-hint'} data-testid="ticket-deviation-hint">
        {invalid ? t('ticket.problem.deviation') : limit ? t('ticket.deviationHint', { limit }) : ''}
      </p>
    </div>
  );
}
