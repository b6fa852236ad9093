import { useId } from 'react';
import type { OrderSide } from '@tradepad/contracts/trading/constants';
import type { PendingType } from '@tradepad/domain/trading';
import { useTranslation } from '../../../i18n/i18n.ts';
import { NAMED_PENDING, namedPending, splitPending, type NamedPending } from '../hooks/pending-type.ts';

/**
 * The pending order by name (issue 33, DESIGN §17): Buy Limit, Sell Limit, Buy Stop, Sell Stop, Buy Stop Limit and Sell
 * Stop Limit. Choosing one sets the ticket's side and the type sent as `pending_type`.
 */
export function PendingTypeField({
  side,
  type,
  onChange,
}: {
  side: OrderSide;
  type: PendingType;
  onChange(side: OrderSide, type: PendingType): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="ticket-field">
      <label htmlFor={id} className="ticket-label">
        {t('ticket.pendingType')}
      </label>
      <div className="field-box">
        <select
          id={id}
          className="field-input"
          value={namedPending(side, type)}
          data-testid="ticket-pending-type"
          onChange={(e) => {
            const next = splitPending(e.target.value as NamedPending);
            onChange(next.side, next.type);
          }}
        >
          {NAMED_PENDING.map((name) => (
            <option key={name} value={name}>
              {t(`trading.kind.${name}`)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
