import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import type { OrderView } from '@tradepad/contracts/trading/constants';
import { toastMessage } from '../../../shared/ui/toast.ts';
import { gatedProps, useTradeGate } from '../../../shared/ui/trade-gate.ts';
import '../../../shared/ui/form.css';
import { useSetStops } from '../api/set-stops.api.ts';
import { levelText, stopsEdit } from '../hooks/order-changes.ts';

/**
 * Edits an order's stop-loss and take-profit (forex/set_stop_price): either level alone or both; an emptied field
 * removes its level. The server checks the sides and answers with its message.
 */
export function StopsEditor({ order, onDone }: { order: OrderView; onDone(): void }) {
  const { t } = useTranslation();
  const precision = order.ForexTradeLists.PricePrecision;
  const [sl, setSl] = useState(() => levelText(order.TargetLossPrice, precision));
  const [tp, setTp] = useState(() => levelText(order.TargetProfitPrice, precision));
  // A server-side trailing stop (issue 20): a distance in price; emptied, the trailing ends and the level stays.
  const [trail, setTrail] = useState(() => levelText(order.TrailingDistance, precision));
  const setStops = useSetStops();
  const edit = stopsEdit(order, sl, tp);
  const trailClean = trail.replace(',', '.').trim();
  const trailValid = trailClean === '' || /^\d+(\.\d+)?$/.test(trailClean);
  const trailChanged = trailValid && Number(trailClean || '0') !== order.TrailingDistance;
  const gate = useTradeGate();

  const save = async () => {
    if (edit.kind === 'invalid') return toastMessage(t(`ticket.problem.${edit.field}_invalid`));
    if (!trailValid) return toastMessage(t('orders.trailingInvalid'));
    if ((edit.kind !== 'change' && !trailChanged) || setStops.isPending || !gate.pass()) return;
    const change =
      edit.kind === 'change'
        ? { ...edit.change, ...(trailChanged ? { trailing_distance: trailClean || '0' } : {}) }
        : { id: order.Id, trailing_distance: trailClean || '0' };
    try {
      await setStops.mutateAsync(change);
      onDone();
    } catch {
      // The API client showed the server's message.
    }
  };

  return (
    <form
      className="stops-editor"
      data-testid="stops-editor"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <div className="stops-fields">
        <LevelInput
          label={t('trading.stopLoss')}
          value={sl}
          onChange={setSl}
          invalid={edit.kind === 'invalid' && edit.field === 'stop_loss'}
          placeholder={t('orders.notSet')}
          testId="stops-stop-loss"
        />
        <LevelInput
          label={t('trading.takeProfit')}
          value={tp}
          onChange={setTp}
          invalid={edit.kind === 'invalid' && edit.field === 'take_profit'}
          placeholder={t('orders.notSet')}
          testId="stops-take-profit"
        />
      </div>
      <div className="stops-fields">
        <LevelInput
          label={t('orders.trailing')}
          value={trail}
          onChange={setTrail}
          invalid={!trailValid}
          placeholder={t('orders.notSet')}
          testId="stops-trailing"
        />
      </div>
      <p className="stops-hint">{t('orders.stopsHint')}</p>
      <div className="sheet-actions">
        <button type="button" className="btn btn-secondary" onClick={onDone}>
          {t('common.cancel')}
        </button>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={(edit.kind === 'unchanged' && !trailChanged) || setStops.isPending}
          {...gatedProps(gate.open)}
          data-testid="stops-save"
        >
          {t('orders.save')}
        </button>
      </div>
    </form>
  );
}

/** A decimal field of the order's sheets (a level, lots): digits and a separator only, left to right in every language. */
export function LevelInput({
  label,
  value,
  onChange,
  invalid = false,
  placeholder,
  testId,
}: {
  label: string;
  value: string;
  onChange(v: string): void;
  invalid?: boolean;
  placeholder?: string;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="stops-field">
      <label htmlFor={id} className="field-label">
        {label}
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
          placeholder={placeholder}
          aria-invalid={invalid || undefined}
          data-testid={testId}
          onChange={(e) => onChange(e.target.value.replace(/[^\d.,]/g, ''))}
        />
      </div>
    </div>
  );
}
