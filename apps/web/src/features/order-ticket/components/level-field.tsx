import { useId } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import type { Lang } from '@tradepad/contracts/languages';
import { amountInCents, pipDecimals } from '@tradepad/domain/stop-distance';
import { formatMoney as microsText } from '@tradepad/domain/money';
import { pointsToPrice } from '@tradepad/domain/price';
import { formatDecimal, formatPrice } from '../../../i18n/format.ts';
import { Switch } from '../../../shared/ui/switch.tsx';
import type { LevelFigures, LevelUnit } from '../hooks/ticket-figures.ts';
import type { Level } from '../hooks/use-order-ticket.ts';
import { StepperInput } from './stepper-input.tsx';

/**
 * Stop-loss or take-profit (spec §5, issue 20 point 4): a switch, and when it is on the level in the chosen unit (a
 * price, pips from the entry, or USD at risk / at target) with the other two shown under it before sending. Off, the
 * level is sent as 0 (none).
 */
export function LevelField({
  name,
  label,
  level,
  unit,
  figures,
  precision,
  categoryId,
  lang,
  onToggle,
  onChange,
  onStep,
  invalid,
}: {
  name: 'stop-loss' | 'take-profit';
  label: string;
  level: Level;
  unit: LevelUnit;
  figures: LevelFigures;
  precision: number;
  /** The instrument's `CategoryId`, for the pip's size. */
  categoryId?: number;
  lang: Lang;
  onToggle(on: boolean): void;
  onChange(text: string): void;
  onStep(direction: 1 | -1): void;
  invalid: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const kind = name === 'stop-loss' ? 'stop_loss' : 'take_profit';
  const unitName = t(`ticket.unit.${unit}`);
  const points = figures.points;
  const amount = figures.amount !== null && figures.amount >= 0n ? amountInCents(kind, figures.amount) : null;
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
        <>
          <label htmlFor={id} className="visually-hidden">
            {`${label} (${unitName})`}
          </label>
          <StepperInput
            id={id}
            value={level.text}
            onChange={onChange}
            onLess={() => onStep(-1)}
            onMore={() => onStep(1)}
            lessLabel={t('ticket.lower', { field: label })}
            moreLabel={t('ticket.higher', { field: label })}
            invalid={invalid}
            placeholder={unitName}
            describedBy={`${id}-figures`}
            testId={`ticket-${name}`}
          />
          <p id={`${id}-figures`} className="ticket-level-figures" data-testid={`ticket-${name}-figures`}>
            <span className="num" dir="ltr" data-testid={`ticket-${name}-price`}>
              {points ? formatPrice(pointsToPrice(points, precision), precision, lang) : '--'}
            </span>
            <span aria-hidden="true"> · </span>
            <span data-testid={`ticket-${name}-pips`}>
              {t('ticket.pips', {
                value: figures.pips === null ? '--' : formatDecimal(figures.pips, lang, pipDecimals(precision, categoryId)),
              })}
            </span>
            <span aria-hidden="true"> · </span>
            <span data-testid={`ticket-${name}-amount`}>
              {t(kind === 'stop_loss' ? 'ticket.atRisk' : 'ticket.atTarget', {
                value: amount === null ? '--' : formatDecimal(microsText(amount, 2), lang, 2),
              })}
            </span>
          </p>
        </>
      )}
    </div>
  );
}
