import { useTranslation } from '../../../i18n/i18n.ts';

/** The instrument's leverage choices (`HasForexMultiple`), or the no-leverage-config message when it has none. */
export function LeveragePicker({
  options,
  value,
  onChange,
}: {
  options: readonly number[];
  value: number | null;
  onChange(value: number): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="ticket-field" role="radiogroup" aria-labelledby="ticket-leverage-label">
      <span id="ticket-leverage-label" className="ticket-label">
        {t('trading.leverage')}
      </span>
      {options.length === 0 ? (
        <p className="ticket-empty" data-testid="ticket-no-leverage">
          {t('msg.noLeverageConfig')}
        </p>
      ) : (
        <div className="ticket-chips">
          {options.map((v) => (
            <button
              key={v}
              type="button"
              role="radio"
              aria-checked={v === value}
              className={`ticket-chip num${v === value ? ' is-active' : ''}`}
              data-testid={`ticket-leverage-${v}`}
              onClick={() => onChange(v)}
            >
              {t('trading.leverageValue', { value: v })}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
