import { useId } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { Segmented } from '../../../shared/ui/segmented.tsx';
import type { ExpiryChoice } from '../hooks/expiry.ts';

/** A server-side trailing stop's distance in price (issue 20); empty for none. */
export function TrailingField({ value, onChange }: { value: string; onChange(text: string): void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="ticket-field">
      <label htmlFor={id} className="ticket-label">
        {t('orders.trailing')}
      </label>
      <div className="field-box">
        <input
          id={id}
          className="field-input num"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          dir="ltr"
          value={value}
          placeholder={t('orders.notSet')}
          data-testid="ticket-trailing"
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
      <p className="ticket-hint">{t('ticket.trailingHint')}</p>
    </div>
  );
}

/** A pending order's expiry (issue 20): until cancelled, the end of today, or the end of a chosen date. */
export function ExpiryField({
  choice,
  onChoice,
  date,
  onDate,
  invalid,
}: {
  choice: ExpiryChoice;
  onChoice(c: ExpiryChoice): void;
  date: string;
  onDate(d: string): void;
  invalid: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="ticket-field">
      <span className="ticket-label">{t('orders.expiry')}</span>
      <Segmented<ExpiryChoice>
        label={t('orders.expiry')}
        value={choice}
        onChange={onChoice}
        options={[
          { value: 'gtc', label: t('orders.untilCancelled'), testId: 'ticket-expiry-gtc' },
          { value: 'day', label: t('ticket.endOfDay'), testId: 'ticket-expiry-day' },
          { value: 'date', label: t('ticket.onDate'), testId: 'ticket-expiry-date' },
        ]}
      />
      {choice === 'date' && (
        <div className="field-box ticket-expiry-date">
          <input
            id={id}
            aria-label={t('ticket.onDate')}
            className="field-input num"
            type="date"
            value={date}
            aria-invalid={invalid || undefined}
            data-testid="ticket-expiry-input"
            onChange={(e) => onDate(e.target.value)}
          />
        </div>
      )}
      {invalid && (
        <p className="ticket-error" role="alert">
          {t('ticket.problem.expiry')}
        </p>
      )}
    </div>
  );
}
