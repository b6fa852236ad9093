import { useTranslation } from '../../../i18n/i18n.ts';
import { Switch } from '../../../shared/ui/switch.tsx';
import type { Level } from '../hooks/use-order-ticket.ts';
import { PriceField } from './price-field.tsx';

/**
 * Stop-loss or take-profit (spec §5): a switch, and when it is on a price that starts at the last close; when off
 * the level is sent as 0 (none).
 */
export function LevelField({
  name,
  label,
  level,
  onToggle,
  onChange,
  precision,
  step,
  fallback,
  invalid,
}: {
  name: 'stop-loss' | 'take-profit';
  label: string;
  level: Level;
  onToggle(on: boolean): void;
  onChange(text: string): void;
  precision: number;
  step: number;
  fallback: number | undefined;
  invalid: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className={`ticket-level${level.on ? ' is-on' : ''}`}>
      <div className="ticket-level-head">
        <span className="ticket-label ticket-level-label" id={`ticket-${name}-label`}>
          {label}
        </span>
        {!level.on && <span className="ticket-level-off">{t('ticket.off')}</span>}
        <Switch checked={level.on} onChange={onToggle} label={label} testId={`ticket-${name}-toggle`} />
      </div>
      {level.on && (
        <PriceField
          label={label}
          hideLabel
          value={level.text}
          onChange={onChange}
          precision={precision}
          step={step}
          fallback={fallback}
          invalid={invalid}
          testId={`ticket-${name}`}
        />
      )}
    </div>
  );
}
