import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { useNavigate } from '../../../shared/router/router.tsx';
import type { TradeItem } from '@tradepad/contracts/market/constants';
import { ORDER_BUY, ORDER_SELL, type OrderSide } from '@tradepad/contracts/trading/constants';
import { formatPrice } from '../../../i18n/format.ts';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { useAccountFeed } from '../../../shared/trading/account-feed.ts';
import { toastMessage } from '../../../shared/ui/toast.ts';
import { gatedProps, useTradeGate } from '../../../shared/ui/trade-gate.ts';
import { useSubmitOrder } from '../api/submit-order.api.ts';
import { useOrderTicket } from '../hooks/use-order-ticket.ts';
import './chart-trade-bar.css';

/** How long a first tap (one-tap off) waits for the second before the button goes back. */
const ARMED_MS = 4_000;

/**
 * Trading from the full-screen and landscape chart (DESIGN §17): Sell at the bid, the lots, Buy at the ask. With
 * one-tap trading on, a tap sends a market order at once; off, the first tap asks (the button says so) and a second
 * tap on it sends. The same checks and call as the ticket (useOrderTicket's parameters, no stop levels).
 */
export default function ChartTradeBar({ item, items }: { item: TradeItem; items: readonly TradeItem[] }) {
  const { t } = useTranslation();
  const lang = useSettingsStore((s) => s.lang);
  const oneTap = useSettingsStore((s) => s.oneTap);
  const navigate = useNavigate();
  useAccountFeed();
  const ticket = useOrderTicket(item, items);
  const submit = useSubmitOrder();
  const gate = useTradeGate();
  const [armed, setArmed] = useState<OrderSide | null>(null);
  const { figures } = ticket;
  const code = item.ShowCode;

  useEffect(() => {
    if (armed === null) return;
    const timer = setTimeout(() => setArmed(null), ARMED_MS);
    return () => clearTimeout(timer);
  }, [armed]);

  const refuse = (key: string) => toastMessage(t(key));
  const tap = async (side: OrderSide) => {
    if (!figures.open || submit.isPending || !gate.pass()) return;
    if (!ticket.loggedIn) {
      void navigate(`/login?from=${encodeURIComponent('/trade')}`);
      return;
    }
    if (ticket.leverages.length === 0) return refuse('msg.noLeverageConfig');
    if (ticket.leverage === null) return refuse('ticket.problem.leverage');
    if (figures.lotsProblem) return refuse(`ticket.problem.${figures.lotsProblem}`);
    if (ticket.deviation === null) return refuse('ticket.problem.deviation');
    if (!oneTap && armed !== side) {
      setArmed(side);
      return;
    }
    setArmed(null);
    try {
      await submit.mutateAsync({
        ...ticket.params(side),
        stop_loss_price: '0',
        target_profit_price: '0',
        trailing_distance: '0',
      });
      toastMessage(t('ticket.placed'));
    } catch {
      // The API client showed the server's message.
    }
  };

  const button = (side: OrderSide) => {
    const name = side === ORDER_BUY ? 'buy' : 'sell';
    const quote = side === ORDER_BUY ? ticket.quote.ask : ticket.quote.bid;
    return (
      <button
        type="button"
        className={`chart-trade-side is-${name}${armed === side ? ' is-armed' : ''}`}
        disabled={!figures.open || submit.isPending}
        {...gatedProps(gate.open)}
        data-testid={`chart-trade-${name}`}
        onClick={() => void tap(side)}
      >
        <span className="chart-trade-label">{t(`trading.${name}`)}</span>
        <span className="chart-trade-price num price is-live">{formatPrice(quote, item.PricePrecision, lang)}</span>
      </button>
    );
  };

  return (
    <div className="chart-trade" role="group" aria-label={t('chart.trade')} data-testid="chart-trade">
      {armed !== null && (
        <p className="chart-trade-ask" role="status" data-testid="chart-trade-confirm">
          {t('chart.tradeConfirm', {
            side: t(armed === ORDER_BUY ? 'trading.buy' : 'trading.sell'),
            lots: ticket.lotsText,
            code,
          })}
        </p>
      )}
      {button(ORDER_SELL)}
      <input
        className="chart-trade-lots num"
        inputMode="decimal"
        aria-label={t('chart.tradeLots')}
        aria-invalid={Boolean(figures.lotsProblem) || undefined}
        value={ticket.lotsText}
        onChange={(e) => ticket.setLotsText(e.target.value)}
        data-testid="chart-trade-lots"
      />
      {button(ORDER_BUY)}
    </div>
  );
}
