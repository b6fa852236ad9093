import { useTranslation } from 'react-i18next';
import { TradeMarket } from '../../features/chart/components/trade-market.tsx';
import { Page } from '../../shared/ui/page.tsx';
import './trade-screen.css';

/** /trade (spec §2): the market half (instrument, live price, periods, chart); the order ticket comes later. */
export default function TradeScreen() {
  const { t } = useTranslation();
  return (
    <Page name="trade" withTabBar bodyClassName="trade-body">
      <h1 className="visually-hidden">{t('route.trade')}</h1>
      <TradeMarket />
      {/* Slot of the order ticket (buy/sell form), delivered with the trading issue. */}
      <section className="order-slot" data-testid="order-ticket-slot" aria-labelledby="order-slot-title">
        <h2 id="order-slot-title" className="order-slot-title">
          {t('trade.orderSoonTitle')}
        </h2>
        <p className="order-slot-text">{t('trade.orderSoonText')}</p>
      </section>
    </Page>
  );
}
