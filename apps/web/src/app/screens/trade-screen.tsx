import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from '../../i18n/i18n.ts';
import { TradeMarket } from '../../features/chart/components/trade-market.tsx';
import { useTradeList } from '../../shared/api/trade-list.api.ts';
import { useSelectedInstrument } from '../../shared/market/use-selected-instrument.ts';
import { useAfterPaint } from '../../shared/lib/use-after-paint.ts';
import { Page } from '../../shared/ui/page.tsx';
import './trade-screen.css';

/** The order ticket is its own chunk, fetched once the price has been painted. */
const OrderTicket = lazy(() => import('../../features/order-ticket/components/order-ticket.tsx'));

/** /trade (spec §2): the market half (instrument, live price, periods, chart), then the order ticket. */
export default function TradeScreen() {
  const { t } = useTranslation();
  const list = useTradeList();
  const item = useSelectedInstrument(list.data);
  // The price paints first; the chart and the ticket (their own chunks) come after it.
  const painted = useAfterPaint();
  useEffect(() => {
    document.documentElement.classList.add('is-wide-trade');
    return () => document.documentElement.classList.remove('is-wide-trade');
  }, []);
  return (
    <Page name="trade" withTabBar bodyClassName="trade-body">
      <h1 className="visually-hidden">{t('route.trade')}</h1>
      <TradeMarket chartReady={painted} />
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
