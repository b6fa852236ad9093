import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from '../../i18n/i18n.ts';
import { loadCandleChart, TradeMarket } from '../../features/chart/components/trade-market.tsx';
import { useTradeList } from '../../shared/api/trade-list.api.ts';
import { useSelectedInstrument } from '../../shared/market/use-selected-instrument.ts';
import { useAfterPaint } from '../../shared/lib/use-after-paint.ts';
import { warmFaces, type Face } from '../../shared/lib/warm-faces.ts';
import { Page } from '../../shared/ui/page.tsx';
import './trade-screen.css';

/** The order ticket is its own chunk, fetched once the price has been painted. */
const loadTicket = () => import('../../features/order-ticket/components/order-ticket.tsx');
const OrderTicket = lazy(loadTicket);
/** Buy, lots and Sell on the full-screen chart (DESIGN §17), fetched when the chart goes full screen. */
const ChartTradeBar = lazy(() => import('../../features/order-ticket/components/chart-trade-bar.tsx'));

/**
 * The faces (weight, px) of the trade screen's text, from its stylesheets (chart bars, ticket, risk line): readied one
 * per task after the price has painted, before the chart and the ticket are drawn. A face missing here only costs
 * that layout its few milliseconds again; one listed and unused costs a task of its own.
 */
const TRADE_FACES: readonly Face[] = [
  [400, 11],
  [400, 12],
  [400, 12.5],
  [400, 13],
  [400, 13.5],
  [500, 12],
  [500, 13],
  [550, 12.5],
  [600, 11],
  [600, 13],
  [600, 13.5],
  [600, 14],
  [600, 14.5],
  [600, 15],
  [600, 17],
  [650, 14],
  [700, 17],
  [700, 22.5],
];

/** /trade (spec §2): the market half (instrument, live price, periods, chart), then the order ticket. */
export default function TradeScreen() {
  const { t } = useTranslation();
  const list = useTradeList();
  const item = useSelectedInstrument(list.data);
  // The price paints first; the chart and the ticket (their own chunks) come after it and the faces they write in.
  const painted = useAfterPaint(() => {
    // Their code downloads meanwhile.
    void loadTicket();
    void loadCandleChart();
    return warmFaces(TRADE_FACES, `${t('trading.buy')} ${t('trading.sell')} 0123456789.,:%`);
  });
  useEffect(() => {
    document.documentElement.classList.add('is-wide-trade');
    return () => document.documentElement.classList.remove('is-wide-trade');
  }, []);
  return (
    <Page name="trade" withTabBar bodyClassName="trade-body">
      <h1 className="visually-hidden">{t('route.trade')}</h1>
      <TradeMarket
        chartReady={painted}
        tradeBar={(current, items) => (
          <Suspense fallback={null}>
            <ChartTradeBar key={current.Id} item={current} items={items} />
          </Suspense>
        )}
      />
      {item &&
        list.data &&
        (painted ? (
          <Suspense fallback={<TicketSkeleton />}>
            {/* A new instrument starts a fresh ticket: its own lot step, leverages and prices. */}
            <OrderTicket key={item.Id} item={item} items={list.data} />
          </Suspense>
        ) : (
          <TicketSkeleton />
        ))}
    </Page>
  );
}

function TicketSkeleton() {
  return (
    <div className="ticket-skeleton" aria-hidden="true">
      <span className="sk" style={{ height: 60 }} />
      <span className="sk" style={{ height: 48 }} />
      <span className="sk" style={{ height: 48 }} />
      <span className="sk" style={{ height: 48 }} />
    </div>
  );
}
