import { useTranslation } from '../../../i18n/i18n.ts';
import CenterPopup from 'antd-mobile/es/components/center-popup';
import { CheckCircleFill } from 'antd-mobile-icons';
import { STATUS_PENDING, type OrderView } from '@tradepad/contracts/trading/constants';
import { formatDecimal, formatPrice, formatQuantity } from '../../../i18n/format.ts';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { entryPriceOf, kindKey, sideKey } from '../../../shared/trading/order-text.ts';

/** The popup after a successful submit (spec §2): the order as the server filed it. */
export default function OrderPlaced({
  order,
  onClose,
  onViewOrders,
}: {
  order: OrderView;
  onClose(): void;
  onViewOrders(): void;
}) {
  const { t } = useTranslation();
  const lang = useSettingsStore((s) => s.lang);
  const precision = order.ForexTradeLists.PricePrecision;
  const pending = order.Status === STATUS_PENDING;
  const price = (p: number) => formatPrice(p, precision, lang);
  const rows: [string, string, string?][] = [
    [t('ticket.direction'), `${t(sideKey(order))} · ${t(kindKey(order))}`],
    [t('trading.lots'), formatQuantity(order.Quantity, lang), 'num price'],
    [pending ? t('ticket.price') : t('trading.openPrice'), price(entryPriceOf(order)), 'num price'],
    [t('trading.leverage'), t('trading.leverageValue', { value: order.Multiple }), 'num'],
    [t('trading.margin'), `${formatDecimal(order.CautionMoney, lang, 2)} USD`, 'num price'],
    [t('trading.fee'), `${formatDecimal(order.TradeFee, lang, 2)} USD`, 'num price'],
  ];
  // The account type's commission charged at the fill (issue 32).
  if (Number(order.Commission) !== 0)
    rows.push([t('trading.commission'), `${formatDecimal(order.Commission, lang, 2)} USD`, 'num price']);
  if (order.TargetLossPrice > 0) rows.push([t('trading.stopLoss'), price(order.TargetLossPrice), 'num price']);
  if (order.TargetProfitPrice > 0) rows.push([t('trading.takeProfit'), price(order.TargetProfitPrice), 'num price']);
  rows.push([t('trading.time'), order.CreateTimeHandler, 'num price']);

  return (
    <CenterPopup
      visible
      onMaskClick={onClose}
      onClose={onClose}
      className="placed-popup"
      bodyClassName="placed-body"
      destroyOnClose
      // On the page's body, above everything: inside the ticket (sticky beside the chart from 1100 px, a stacking
      // context of its own) it painted under the chart's canvases (issue 33).
      getContainer={() => document.body}
    >
      <div role="dialog" aria-modal="true" aria-labelledby="placed-title" className="placed" data-testid="order-placed">
        <CheckCircleFill className="placed-icon" aria-hidden />
        <h2 id="placed-title" className="placed-title">
          {t(pending ? 'ticket.placedPending' : 'ticket.placed')}
        </h2>
        <p className="placed-code" dir="ltr">
          {order.ForexTradeLists.ShowCode}
          <span className="placed-id num" data-testid="placed-id">
            {' '}
            #{order.Id}
          </span>
        </p>
        <dl className="placed-rows">
          {rows.map(([label, value, cls]) => (
            <div key={label} className="placed-row">
              <dt>{label}</dt>
              <dd>
                <span className={cls}>{value}</span>
              </dd>
            </div>
          ))}
        </dl>
        <div className="placed-actions">
          <button type="button" className="btn btn-secondary" data-testid="placed-done" onClick={onClose}>
            {t('ticket.done')}
          </button>
          <button type="button" className="btn btn-primary" data-testid="placed-orders" onClick={onViewOrders}>
            {t('ticket.viewOrders')}
          </button>
        </div>
      </div>
    </CenterPopup>
  );
}
