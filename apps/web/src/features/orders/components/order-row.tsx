import { useTranslation } from '../../../i18n/i18n.ts';
import { ORDER_BUY, STATUS_CLOSED, STATUS_HOLDING, STATUS_PENDING, type OrderView } from '@tradepad/contracts/trading/constants';
import { formatDateTime, formatDecimal, formatPrice, formatQuantity } from '../../../i18n/format.ts';
import { useQuote } from '../../../shared/market/use-quote.ts';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { useLiveOrder } from '../../../shared/trading/account-feed.ts';
import {
  endKey,
  entryPriceOf,
  exitPriceOf,
  isCancelled,
  kindKey,
  plTone,
  sideKey,
  signed,
} from '../../../shared/trading/order-text.ts';
import type { DealTab } from '../api/deals.api.ts';

/** An order as its row shows it: with the live price and P/L of a holding order (FOREX_TRADE TransOrder). */
export function useOrderFigures(order: OrderView) {
  const live = useLiveOrder(order.Status === STATUS_HOLDING ? order.Id : null);
  const quote = useQuote(order.Status === STATUS_PENDING ? order.ForexId : null);
  return {
    current: live?.UpdatePrice ?? (order.Status === STATUS_PENDING ? (quote?.close ?? order.UpdatePrice) : order.UpdatePrice),
    pl: live?.FactProfits ?? order.FactProfits,
    /** Overnight financing accrued (holding) or settled (history), included in `pl`. */
    swap: live?.Swap ?? order.Swap,
  };
}

/** One order of a tab (spec §2): code, side, lots and leverage, prices and the P/L in the rise or fall colour. */
export function OrderRow({
  order,
  tab,
  onOpen,
  onQuickClose,
}: {
  order: OrderView;
  tab: DealTab;
  onOpen(order: OrderView): void;
  /** One-tap close from the positions list (issue 20): a button beside the row, holding orders only. */
  onQuickClose?: (order: OrderView) => void;
}) {
  const { t } = useTranslation();
  const lang = useSettingsStore((s) => s.lang);
  const { current, pl, swap } = useOrderFigures(order);
  const precision = order.ForexTradeLists.PricePrecision;
  const price = (p: number) => formatPrice(p, precision, lang);
  const buy = order.OrderType === ORDER_BUY;
  const time = tab === STATUS_CLOSED ? order.ClosedAt || order.CreatedAt : order.CreatedAt;
  const exit = exitPriceOf(order, current);
  return (
    <li className={onQuickClose ? 'order-item has-quick-close' : 'order-item'}>
      <button
        type="button"
        className="order-row"
        data-testid={`order-row-${order.Id}`}
        aria-haspopup="dialog"
        onClick={() => onOpen(order)}
      >
        <span className="order-row-line">
          <span className={`order-side ${buy ? 'is-buy' : 'is-sell'}`}>{t(sideKey(order))}</span>
          <span className="order-code" dir="ltr">
            {order.ForexTradeLists.ShowCode}
          </span>
          <span className="order-size num">
            {t('orders.lotsValue', { lots: formatQuantity(order.Quantity, lang) })} ·{' '}
            {t('trading.leverageValue', { value: order.Multiple })}
          </span>
          {tab === STATUS_PENDING || isCancelled(order) ? (
            <span className="order-kind">{t(kindKey(order))}</span>
          ) : (
            <span className="order-pl">
              <span className={`num price ${plTone(pl)}`} data-testid={`order-pl-${order.Id}`}>
                {signed(pl, formatDecimal(pl, lang, 2))}
              </span>
            </span>
          )}
        </span>
        <span className="order-row-line is-sub">
          <span className="order-prices num price" data-testid={`order-prices-${order.Id}`}>
            {price(entryPriceOf(order))}
            {exit !== null && <> → {price(exit)}</>}
          </span>
          {tab !== STATUS_PENDING && Number(swap) !== 0 && (
            <span className="order-swap num" data-testid={`order-swap-${order.Id}`}>
              {t('orders.swap')} <span className={`price ${plTone(swap)}`}>{signed(swap, formatDecimal(swap, lang, 2))}</span>
            </span>
          )}
          {tab === STATUS_CLOSED && <span className="order-end">{t(endKey(order))}</span>}
          <span className="order-time num">{formatDateTime(time, lang)}</span>
        </span>
      </button>
      {onQuickClose && (
        <button
          type="button"
          className="order-quick-close"
          data-testid={`quick-close-${order.Id}`}
          aria-label={t('orders.quickCloseLabel', { code: order.ForexTradeLists.ShowCode, id: order.Id })}
          onClick={() => onQuickClose(order)}
        >
          {t('orders.closeAction')}
        </button>
      )}
    </li>
  );
}

/** Rows' shape while the first page loads. */
export function OrderRowsSkeleton() {
  return (
    <ul className="order-list" aria-hidden="true">
      {Array.from({ length: 5 }, (_, i) => (
        <li key={i} className="order-row is-skeleton">
          <span className="sk" style={{ width: '70%', height: 18 }} />
          <span className="sk" style={{ width: '50%', height: 14 }} />
        </li>
      ))}
    </ul>
  );
}
