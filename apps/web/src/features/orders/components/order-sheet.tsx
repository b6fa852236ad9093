import { useState } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { CloseOutline } from 'antd-mobile-icons';
import { ORDER_BUY, STATUS_CLOSED, STATUS_HOLDING, STATUS_PENDING, type OrderView } from '@tradepad/contracts/trading';
import { formatDateTime, formatDecimal, formatPrice, formatQuantity } from '../../../i18n/format.ts';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { endKey, entryPriceOf, kindKey, plTone, sideKey, signed } from '../../../shared/trading/order-text.ts';
import { Dialog, Popup } from '../../../shared/ui/antd.ts';
import { gatedProps, useTradeGate } from '../../../shared/ui/trade-gate.ts';
import { useCancelOrder } from '../api/cancel-order.api.ts';
import { useCloseOrder } from '../api/close-order.api.ts';
import { useOrderFigures } from './order-row.tsx';
import { StopsEditor } from './stops-editor.tsx';

/**
 * An order's detail sheet (spec §2, §4): every figure, and the actions its status allows: close a holding order,
 * cancel a pending one (each asked first, DESIGN §9), and edit the stop-loss and take-profit of either.
 */
export function OrderSheet({ order, onClose }: { order: OrderView | null; onClose(): void }) {
  // The last order stays drawn while the sheet slides away.
  const [shown, setShown] = useState(order);
  if (order && order !== shown) setShown(order);
  return (
    <Popup
      visible={order !== null}
      position="bottom"
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="sheet-body"
      destroyOnClose
    >
      {shown && <SheetContent key={shown.Id} order={shown} onClose={onClose} />}
    </Popup>
  );
}

function SheetContent({ order, onClose }: { order: OrderView; onClose(): void }) {
  const { t } = useTranslation();
  const lang = useSettingsStore((s) => s.lang);
  const { current, pl } = useOrderFigures(order);
  const [editing, setEditing] = useState(false);
  const close = useCloseOrder();
  const cancel = useCancelOrder();
  // Offline or without live prices, closing and cancelling are refused on the spot (nothing is queued for later).
  const gate = useTradeGate();
  const precision = order.ForexTradeLists.PricePrecision;
  const price = (p: number) => (p > 0 ? formatPrice(p, precision, lang) : t('orders.notSet'));
  const buy = order.OrderType === ORDER_BUY;
  const holding = order.Status === STATUS_HOLDING;
  const pending = order.Status === STATUS_PENDING;
  const history = !holding && !pending;

  const confirmClose = async () => {
    if (!gate.pass()) return;
    const ok = await Dialog.confirm({
      title: t('orders.close'),
      content: t('orders.closeConfirm', { code: order.ForexTradeLists.ShowCode }),
      confirmText: t('orders.closeAction'),
      cancelText: t('orders.keep'),
    });
    if (!ok || !gate.pass()) return;
    try {
      await close.mutateAsync(order.Id);
      onClose();
    } catch {
      // The API client showed the server's message.
    }
  };
  const confirmCancel = async () => {
    if (!gate.pass()) return;
    const ok = await Dialog.confirm({
      title: t('orders.cancelOrder'),
      content: t('orders.cancelConfirm'),
      confirmText: t('orders.cancelAction'),
      cancelText: t('orders.keep'),
    });
    if (!ok || !gate.pass()) return;
    try {
      await cancel.mutateAsync(order.Id);
      onClose();
    } catch {
      // The API client showed the server's message.
    }
  };

  // [label, value, whether the value is a number read left to right (prices, amounts); dates and words follow the
  // language's direction].
  const rows: [string, string, boolean?][] = [
    [t('trading.lots'), formatQuantity(order.Quantity, lang), true],
    [t('trading.leverage'), t('trading.leverageValue', { value: order.Multiple }), true],
    [pending ? t('ticket.price') : t('trading.openPrice'), price(entryPriceOf(order)), true],
    [history ? t('orders.closePrice') : t('trading.currentPrice'), formatPrice(current, precision, lang), true],
    [t('trading.stopLoss'), price(order.TargetLossPrice), order.TargetLossPrice > 0],
    [t('trading.takeProfit'), price(order.TargetProfitPrice), order.TargetProfitPrice > 0],
    [t('trading.margin'), `${formatDecimal(order.CautionMoney, lang, 2)} USD`, true],
    [t('trading.fee'), `${formatDecimal(order.TradeFee, lang, 2)} USD`, true],
    [t('orders.openTime'), formatDateTime(order.OpenedAt || order.CreatedAt, lang)],
  ];
  if (order.Status === STATUS_CLOSED && order.ClosedAt) rows.push([t('orders.closeTime'), formatDateTime(order.ClosedAt, lang)]);
  if (history) rows.push([t('orders.result'), t(endKey(order))]);

  return (
    <div className="sheet" role="dialog" aria-modal="true" aria-labelledby="sheet-title" data-testid="order-sheet">
      <div className="sheet-grip" aria-hidden="true" />
      <header className="sheet-head">
        <span className={`order-side ${buy ? 'is-buy' : 'is-sell'}`}>{t(sideKey(order))}</span>
        <h2 id="sheet-title" className="sheet-title" dir="ltr">
          {order.ForexTradeLists.ShowCode}
        </h2>
        <span className="sheet-id num">#{order.Id}</span>
        <button type="button" className="icon-button sheet-close" aria-label={t('common.close')} onClick={onClose}>
          <CloseOutline fontSize={20} aria-hidden />
        </button>
      </header>
      <p className="sheet-kind">
        {t(kindKey(order))}
        {!pending && (
          <span className="sheet-pl">
            <span className={`num price ${plTone(pl)}`} data-testid="sheet-pl">
              {signed(pl, formatDecimal(pl, lang, 2))}
            </span>{' '}
            <span className="sheet-pl-unit">USD</span>
          </span>
        )}
      </p>
      <dl className="sheet-rows">
        {rows.map(([label, value, numeric]) => (
          <div key={label} className="sheet-row">
            <dt>{label}</dt>
            <dd className="num">{numeric ? <span className="price">{value}</span> : value}</dd>
          </div>
        ))}
      </dl>
      {!history &&
        (editing ? (
          <StopsEditor order={order} onDone={() => setEditing(false)} />
        ) : (
          <div className="sheet-actions">
            <button type="button" className="btn btn-secondary" data-testid="sheet-edit-stops" onClick={() => setEditing(true)}>
              {t('orders.editStops')}
            </button>
            {holding ? (
              <button
                type="button"
                className="btn btn-danger"
                data-testid="sheet-close-order"
                disabled={close.isPending}
                {...gatedProps(gate.open)}
                onClick={() => void confirmClose()}
              >
                {t('orders.close')}
              </button>
            ) : (
              <button
                type="button"
                className="btn btn-danger"
                data-testid="sheet-cancel-order"
                disabled={cancel.isPending}
                {...gatedProps(gate.open)}
                onClick={() => void confirmCancel()}
              >
                {t('orders.cancelOrder')}
              </button>
            )}
          </div>
        ))}
    </div>
  );
}
