import type { TradeItem } from '@tradepad/contracts/market/constants';
import type { OrderView } from '@tradepad/contracts/trading/constants';
import type { Lang } from '@tradepad/contracts/languages';
import { formatMoney as formatMicros } from '@tradepad/domain/money';
import { formatDecimal, formatPrice, formatQuantity } from '../../../i18n/format.ts';
import { kindKey, plTone, sideKey, signed } from '../../../shared/trading/order-text.ts';
import { Dialog } from '../../../shared/ui/antd.ts';
import { levelParam, pipsDigits, type DragFigures, type LineKind } from '../hooks/order-lines.ts';
import './line-confirm.css';

/**
 * Asks before a dragged level is sent (its own chunk, loaded with the first drop): the order, the old and new level,
 * the distance from the market and, for a stop-loss or take-profit, the result if the level is reached.
 */
export function confirmLineMove(p: {
  t: (key: string, values?: Record<string, string>) => string;
  lang: Lang;
  item: TradeItem;
  order: OrderView;
  kind: Exclude<LineKind, 'entry'>;
  from: number;
  to: number;
  figures: DragFigures;
}): Promise<boolean> {
  const { t, lang, item, order, kind, figures } = p;
  const precision = item.PricePrecision;
  const result = figures.result === null ? null : formatMicros(figures.result, 2);
  return Dialog.confirm({
    title: t(`chart.lines.move.${kind}`),
    content: (
      <div className="line-confirm" data-testid="line-confirm" data-kind={kind} data-price={levelParam(p.to, precision)}>
        <p className="line-confirm-order">
          {item.ShowCode} · {t(kind === 'pending' ? kindKey(order) : sideKey(order))}{' '}
          {t('orders.lotsValue', { lots: formatQuantity(order.Quantity, lang) })}
        </p>
        <p className="line-confirm-level" dir="ltr" data-testid="line-confirm-level">
          <span className="line-confirm-from">{formatPrice(p.from, precision, lang)}</span>
          <span aria-hidden="true"> → </span>
          <strong>{formatPrice(p.to, precision, lang)}</strong>
        </p>
        {figures.pips !== null && figures.distance !== null && (
          <p className="line-confirm-figure">
            {t('chart.lines.distance', {
              price: formatPrice(figures.distance, precision, lang),
              pips: formatDecimal(figures.pips, lang, pipsDigits(figures.pips, precision, item.CategoryId)),
            })}
          </p>
        )}
        {result !== null && (
          <p className="line-confirm-figure">
            {t('chart.lines.result')}{' '}
            <span className={`num ${plTone(result)}`} dir="ltr">
              {signed(result, formatDecimal(result, lang))} USD
            </span>
          </p>
        )}
      </div>
    ),
    confirmText: t('orders.move'),
    cancelText: t('orders.keep'),
  });
}
