import { useState } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { CloseOutline } from 'antd-mobile-icons';
import { ORDER_BUY, STATUS_CLOSED, STATUS_HOLDING, STATUS_PENDING, type OrderView } from '@tradepad/contracts/trading/constants';
import { formatDateTime, formatDecimal, formatPrice, formatQuantity } from '../../../i18n/format.ts';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { endKey, entryPriceOf, exitPriceOf, kindKey, plTone, sideKey, signed } from '../../../shared/trading/order-text.ts';
import { Dialog, Popup } from '../../../shared/ui/antd.ts';
import { gatedProps, useTradeGate } from '../../../shared/ui/trade-gate.ts';
import { useCancelOrder } from '../api/cancel-order.api.ts';
import { breakEvenChange } from '../hooks/break-even.ts';
import { stepInstrument } from '../hooks/stopout-steps.ts';
import { useTradeList } from '../../../shared/api/trade-list.api.ts';
import { useCloseAll, useCloseOrder, useSetPendingPrice } from '../api/close-order.api.ts';
import { useSetStops } from '../api/set-stops.api.ts';
import { useStopoutReport } from '../api/stopout-report.api.ts';
import { useOrderFigures } from './order-row.tsx';
import { LevelInput, StopsEditor } from './stops-editor.tsx';

/**
 * A figure inside a translated sentence as a bidi isolate (FSI … PDI): in Arabic "BTCUSD", "0.05" and "-1,843.27" keep
 * their own order and sign instead of being reordered with the words around them.
 */
const isolate = (v: string) => `\u2068${v}\u2069`;

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
  const { current, pl, swap } = useOrderFigures(order);
  const [editing, setEditing] = useState(false);
  const close = useCloseOrder();
  const closeAll = useCloseAll();
  const cancel = useCancelOrder();
  const setStops = useSetStops();
  const move = useSetPendingPrice();
  // Partial close (issue 20): the lots to close, the whole position unless the trader types less.
  const [closeLots, setCloseLots] = useState(order.Quantity);
  // After a partial close the position is smaller: the field starts again from what is left.
  const [shownQuantity, setShownQuantity] = useState(order.Quantity);
  if (order.Quantity !== shownQuantity) {
    setShownQuantity(order.Quantity);
    setCloseLots(order.Quantity);
  }
  const [movePrice, setMovePrice] = useState(() => String(order.OriginPrice));
  const stopout = useStopoutReport(order.ClosedType === 2 && order.Status === STATUS_CLOSED ? order.Id : null);
  const items = useTradeList().data;
  // Offline or without live prices, closing and cancelling are refused on the spot (nothing is queued for later).
  const gate = useTradeGate();
  const precision = order.ForexTradeLists.PricePrecision;
  const price = (p: number) => (p > 0 ? formatPrice(p, precision, lang) : t('orders.notSet'));
  const buy = order.OrderType === ORDER_BUY;
  const holding = order.Status === STATUS_HOLDING;
  const pending = order.Status === STATUS_PENDING;
  const history = !holding && !pending;

  const lotsText = closeLots.replace(',', '.').trim();
  const partial = lotsText !== '' && Number(lotsText) > 0 && Number(lotsText) < Number(order.Quantity);
  const confirmClose = async () => {
    if (!gate.pass()) return;
    const ok = await Dialog.confirm({
      title: t('orders.close'),
      content: partial
        ? t('orders.closePartConfirm', { code: order.ForexTradeLists.ShowCode, lots: formatQuantity(lotsText, lang) })
        : t('orders.closeConfirm', { code: order.ForexTradeLists.ShowCode }),
      confirmText: t('orders.closeAction'),
      cancelText: t('orders.keep'),
    });
    if (!ok || !gate.pass()) return;
    try {
      await close.mutateAsync(partial ? { id: order.Id, cont: lotsText } : order.Id);
      if (!partial) onClose();
    } catch {
      // The API client showed the server's message.
    }
  };
  const confirmCloseInstrument = async () => {
    if (!gate.pass()) return;
    const ok = await Dialog.confirm({
      title: t('orders.closeAllOf', { code: order.ForexTradeLists.ShowCode }),
      content: t('orders.closeAllOfConfirm', { code: order.ForexTradeLists.ShowCode }),
      confirmText: t('orders.closeAction'),
      cancelText: t('orders.keep'),
    });
    if (!ok || !gate.pass()) return;
    try {
      await closeAll.mutateAsync(order.ForexId);
      onClose();
    } catch {
      // The API client showed the server's message.
    }
  };
  // Break-even in one tap: the stop-loss at the open price, offered only where it applies (breakEvenChange).
  const breakEvenStops = breakEvenChange(order, current, precision);
  const breakEven = async () => {
    if (!breakEvenStops || !gate.pass() || setStops.isPending) return;
    try {
      await setStops.mutateAsync(breakEvenStops);
    } catch {
      // The API client showed the server's message.
    }
  };
  const movePending = async () => {
    const text = movePrice.replace(',', '.').trim();
    if (!gate.pass() || move.isPending || !/^\d+(\.\d+)?$/.test(text)) return;
    try {
      await move.mutateAsync({ id: order.Id, price: text });
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
    // A cancelled order never filled: no close price (not 0.00).
    ...(exitPriceOf(order, current) === null
      ? []
      : [
          [history ? t('orders.closePrice') : t('trading.currentPrice'), formatPrice(current, precision, lang), true] as [
            string,
            string,
            boolean,
          ],
        ]),
    // A stop limit waiting for its stop (DESIGN §17): the limit it will place.
    ...(order.StopLimitPrice > 0 && order.Kind?.endsWith('stop_limit') === true
      ? [[t('ticket.stopLimitPrice'), price(order.StopLimitPrice), true] as [string, string, boolean]]
      : []),
    [t('trading.stopLoss'), price(order.TargetLossPrice), order.TargetLossPrice > 0],
    [t('trading.takeProfit'), price(order.TargetProfitPrice), order.TargetProfitPrice > 0],
    [t('trading.margin'), `${formatDecimal(order.CautionMoney, lang, 2)} USD`, true],
    [t('trading.fee'), `${formatDecimal(order.TradeFee, lang, 2)} USD`, true],
    // The account type's commission (issue 32), shown where one was charged.
    ...(Number(order.Commission) !== 0
      ? [[t('trading.commission'), `${formatDecimal(order.Commission, lang, 2)} USD`, true] as [string, string, boolean]]
      : []),
    // Overnight financing (issue 20): accrued at each 17:00 New York rollover, part of the P/L above.
    ...(pending
      ? []
      : [[t('orders.swap'), `${signed(swap, formatDecimal(swap, lang, 2))} USD`, true] as [string, string, boolean]]),
    [t('orders.openTime'), formatDateTime(order.OpenedAt || order.CreatedAt, lang)],
  ];
  if (order.Status === STATUS_CLOSED && order.ClosedAt) rows.push([t('orders.closeTime'), formatDateTime(order.ClosedAt, lang)]);
  if (history) rows.push([t('orders.result'), t(endKey(order))]);
  if (order.TrailingDistance > 0) rows.push([t('orders.trailing'), price(order.TrailingDistance), true]);
  if (pending)
    rows.push([
      t('orders.expiry'),
      order.ExpireAt > 0 ? formatDateTime(order.ExpireAt * 1000, lang) : t('orders.untilCancelled'),
    ]);
  if (order.ParentId > 0) rows.push([t('orders.partOf'), `#${order.ParentId}`, true]);
  // The execution receipt (issue 20): the quote at the tap and at the fill, slippage, spread and latency, and where the
  // price came from (issue 31): the simulator and a replay by name, a liquidity provider by its session's name.
  const r = order.Receipt;
  const sourceName = (source: string) =>
    source === 'sim'
      ? t('orders.receipt.sourceSim')
      : source === 'replay'
        ? t('orders.receipt.sourceReplay')
        : source || t('orders.notSet');
  const receiptRows: [string, string, boolean?][] = r
    ? [
        [t('orders.receipt.seen'), r.PriceSeen > 0 ? formatPrice(r.PriceSeen, precision, lang) : t('orders.notSet'), true],
        [
          t('orders.receipt.quote'),
          `${formatPrice(r.QuoteBid, precision, lang)} / ${formatPrice(r.QuoteAsk, precision, lang)}`,
          true,
        ],
        [t('orders.receipt.fill'), formatPrice(r.FillPrice, precision, lang), true],
        [t('orders.receipt.slippage'), formatPrice(r.Slippage, precision, lang), true],
        [t('orders.receipt.spread'), formatPrice(r.Spread, precision, lang), true],
        // Where the price came from and the source's own quote it was priced from (DESIGN §14).
        [t('orders.receipt.source'), sourceName(r.Source)],
        [
          t('orders.receipt.sourceQuote'),
          `${formatPrice(r.SourceBid, precision, lang)} / ${formatPrice(r.SourceAsk, precision, lang)}`,
          true,
        ],
        [t('orders.receipt.latency'), t('orders.receipt.ms', { ms: r.LatencyMs }), true],
        [t('orders.receipt.time'), formatDateTime(r.QuoteTime, lang)],
      ]
    : [];
  const report = stopout.data ?? null;

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
      {receiptRows.length > 0 && (
        <>
          <h3 className="sheet-section-title">{t('orders.receipt.title')}</h3>
          <dl className="sheet-rows" data-testid="sheet-receipt">
            {receiptRows.map(([label, value, numeric]) => (
              <div key={label} className="sheet-row">
                <dt>{label}</dt>
                <dd className="num">{numeric ? <span className="price">{value}</span> : value}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
      {report && (
        <section data-testid="sheet-stopout-report">
          <h3 className="sheet-section-title">{t('orders.stopout.title')}</h3>
          <dl className="sheet-rows">
            <div className="sheet-row">
              <dt>{t('orders.stopout.level')}</dt>
              <dd className="num">
                <span className="price">{formatDecimal(String(report.MarginLevel), lang, 2)} %</span>
              </dd>
            </div>
            <div className="sheet-row">
              <dt>{t('orders.stopout.levels')}</dt>
              <dd className="num">
                <span className="price">
                  {report.MarginCallLevel} % / {report.StopOutLevel} %
                </span>
              </dd>
            </div>
            <div className="sheet-row">
              <dt>{t('orders.equity')}</dt>
              <dd className="num">
                <span className="price">{formatDecimal(report.Equity, lang, 2)} USD</span>
              </dd>
            </div>
          </dl>
          <ol className="stopout-steps">
            {report.Steps.map((step) => {
              const inst = stepInstrument(items, step.Code, step.Price);
              return (
                <li key={step.OrderId}>
                  {t(step.Action === 'cancel' ? 'orders.stopout.cancelled' : 'orders.stopout.closed', {
                    id: isolate(String(step.OrderId)),
                    code: isolate(inst.name),
                    lots: isolate(formatQuantity(step.Quantity, lang)),
                    price: isolate(formatPrice(step.Price, inst.precision, lang)),
                    profit: isolate(formatDecimal(step.Profit, lang, 2)),
                  })}
                </li>
              );
            })}
          </ol>
        </section>
      )}
      {holding && !editing && (
        <>
          <div className="sheet-inline">
            <LevelInput label={t('orders.closeLots')} value={closeLots} onChange={setCloseLots} testId="sheet-close-lots" />
            <button
              type="button"
              className="btn btn-danger"
              data-testid="sheet-close-order"
              disabled={close.isPending}
              {...gatedProps(gate.open)}
              onClick={() => void confirmClose()}
            >
              {partial ? t('orders.closePart') : t('orders.close')}
            </button>
          </div>
          <div className="sheet-links">
            {breakEvenStops && (
              <button type="button" className="btn btn-secondary" data-testid="sheet-break-even" onClick={() => void breakEven()}>
                {t('orders.breakEven')}
              </button>
            )}
            <button
              type="button"
              className="btn btn-secondary"
              data-testid="sheet-close-instrument"
              onClick={() => void confirmCloseInstrument()}
            >
              {t('orders.closeAllOf', { code: order.ForexTradeLists.ShowCode })}
            </button>
          </div>
        </>
      )}
      {pending && !editing && (
        <div className="sheet-inline">
          <LevelInput label={t('orders.movePrice')} value={movePrice} onChange={setMovePrice} testId="sheet-move-price" />
          <button
            type="button"
            className="btn btn-secondary"
            data-testid="sheet-move-order"
            disabled={move.isPending}
            {...gatedProps(gate.open)}
            onClick={() => void movePending()}
          >
            {t('orders.move')}
          </button>
        </div>
      )}
      {!history &&
        (editing ? (
          <StopsEditor order={order} onDone={() => setEditing(false)} />
        ) : (
          <div className="sheet-actions">
            <button type="button" className="btn btn-secondary" data-testid="sheet-edit-stops" onClick={() => setEditing(true)}>
              {t('orders.editStops')}
            </button>
            {pending && (
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
