import { memo } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { MARKET_OPEN, type TradeItem } from '@tradepad/contracts/market/constants';
import { useInView } from '../../../shared/lib/use-in-view.ts';
import { AlertButton } from '../../../shared/alerts/alert-button.tsx';
import { InstrumentLogo } from '../../../shared/market/instrument-logo.tsx';
import { FavouriteStar } from '../../../shared/market/favourite-star.tsx';
import { LiveAsk, LiveSpread } from '../../../shared/market/live-bid-ask.tsx';
import { LiveChange, LivePrice } from '../../../shared/market/live-price.tsx';
import { Sparkline } from './sparkline.tsx';

/**
 * One instrument of the market list: the favourite star, logo, code, closed label, sparkline, live bid and ask, the
 * change and the spread in points. The row itself
 * renders once per trade-list fetch; the live parts subscribe to their own instrument while the row is on screen or
 * near it (a list of 24 instruments ticking many times a second updates only the rows that can be seen).
 */
export const MarketRow = memo(function MarketRow({
  item,
  onFirstScreen,
  categoryName,
  testPrefix,
  onOpen,
  favourite,
  onToggleFavourite,
  alerts = false,
}: {
  item: TradeItem;
  /** Among the rows a phone's first screen shows: it follows its prices from the start, before the viewport is known. */
  onFirstScreen: boolean;
  categoryName?: string;
  /** `market` on home, `product` on search: `<prefix>-row-<Code>`, `<prefix>-price-<Code>`, `<prefix>-change-<Code>`. */
  testPrefix: string;
  onOpen(item: TradeItem): void;
  /** On the watchlist; the star shows only when `onToggleFavourite` is given. */
  favourite?: boolean;
  onToggleFavourite?(item: TradeItem): void;
  /** Ends the row with the bell that sets a price alert (issue 20 point 7). */
  alerts?: boolean;
}) {
  const { t } = useTranslation();
  const [ref, inView] = useInView<HTMLLIElement>(onFirstScreen);
  const paused = !inView;
  const closed = item.MarketStatus !== MARKET_OPEN;
  const q = item.ForexQuotations;
  const star = onToggleFavourite && (
    <FavouriteStar
      on={favourite === true}
      code={item.ShowCode}
      onToggle={() => onToggleFavourite(item)}
      testId={`${testPrefix}-fav-${item.Code}`}
    />
  );
  return (
    <li ref={ref} className="market-item">
      {alerts ? (
        <div className="market-actions">
          {star}
          <AlertButton item={item} testId={`${testPrefix}-alert-${item.Code}`} className="market-alert" />
        </div>
      ) : (
        star
      )}
      <button
        type="button"
        className={`market-row${closed ? ' is-closed' : ''}`}
        data-testid={`${testPrefix}-row-${item.Code}`}
        onClick={() => onOpen(item)}
      >
        <InstrumentLogo src={item.Logo} name={item.ShowCode} />
        <span className="market-row-name">
          <span className="market-row-code" dir="ltr">
            {item.ShowCode}
          </span>
          <span className="market-row-sub">
            {closed ? (
              <span className="market-closed" data-testid={`${testPrefix}-closed-${item.Code}`}>
                {t('market.closed')}
              </span>
            ) : (
              categoryName
            )}
          </span>
        </span>
        <Sparkline forexId={item.Id} fallbackChange={q?.Change ?? 0} paused={paused} />
        <span className="market-row-quote">
          <span className="market-row-side">
            <span className="market-row-label">{t('market.bid')}</span>
            <LivePrice
              forexId={item.Id}
              precision={item.PricePrecision}
              fallback={q?.Close}
              paused={paused}
              className="market-row-price"
              testId={`${testPrefix}-price-${item.Code}`}
            />
          </span>
          <span className="market-row-side">
            <span className="market-row-label">{t('market.ask')}</span>
            <LiveAsk
              forexId={item.Id}
              precision={item.PricePrecision}
              fallback={q?.Ask}
              paused={paused}
              className="market-row-price"
              testId={`${testPrefix}-ask-${item.Code}`}
            />
          </span>
          <LiveChange forexId={item.Id} fallback={q?.Change} pill paused={paused} testId={`${testPrefix}-change-${item.Code}`} />
          <span className="market-row-spread" title={t('market.spreadName')}>
            <span className="market-row-label">{t('market.spread')}</span>
            <LiveSpread
              forexId={item.Id}
              precision={item.PricePrecision}
              fallback={item.Spread}
              paused={paused}
              testId={`${testPrefix}-spread-${item.Code}`}
            />
          </span>
        </span>
      </button>
    </li>
  );
});
