import { useTranslation } from '../../../i18n/i18n.ts';
import { DownFill } from 'antd-mobile-icons';
import { MARKET_OPEN, type TradeItem } from '@tradepad/contracts/market/constants';
import { formatPrice } from '../../../i18n/format.ts';
import { AlertButton } from '../../../shared/alerts/alert-button.tsx';
import { FavouriteStar } from '../../../shared/market/favourite-star.tsx';
import { InstrumentLogo } from '../../../shared/market/instrument-logo.tsx';
import { LiveChange, LivePrice, toneClass } from '../../../shared/market/live-price.tsx';
import { useQuote } from '../../../shared/market/use-quote.ts';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';

/**
 * The trade screen's instrument bar: the picker button with the favourite star and the info button, then the live
 * price, change and the day's range.
 */
export function TradeHeader({
  item,
  onPick,
  favourite,
  onToggleFavourite,
  onInfo,
}: {
  item: TradeItem;
  onPick(): void;
  favourite: boolean;
  onToggleFavourite(): void;
  onInfo(): void;
}) {
  const { t } = useTranslation();
  const lang = useSettingsStore((s) => s.lang);
  const quote = useQuote(item.Id);
  const q = item.ForexQuotations;
  const closed = item.MarketStatus !== MARKET_OPEN;
  const high = quote?.high ?? q?.High;
  const low = quote?.low ?? q?.Low;
  const close = quote?.close ?? q?.Close;
  const open = quote?.open ?? q?.Open;
  const change = quote?.change ?? q?.Change;
  const delta = close !== undefined && open !== undefined ? close - open : undefined;
  const sign = delta !== undefined && delta > 0 ? '+' : '';
  return (
    <div className="trade-head">
      <div className="trade-head-row">
        <button
          type="button"
          className="trade-symbol"
          data-testid="trade-symbol"
          aria-haspopup="dialog"
          aria-label={t('trade.chooseCurrent', { code: item.ShowCode })}
          onClick={onPick}
        >
          <InstrumentLogo src={item.Logo} name={item.ShowCode} size={28} />
          <span className="trade-symbol-code" dir="ltr">
            {item.ShowCode}
          </span>
          <DownFill className="trade-symbol-caret" fontSize={10} aria-hidden />
          {closed && <span className="market-closed">{t('market.closed')}</span>}
        </button>
        <span className="trade-head-actions">
          <FavouriteStar on={favourite} code={item.ShowCode} onToggle={onToggleFavourite} testId="trade-fav" />
          <AlertButton item={item} testId="trade-alert" />
          <button
            type="button"
            className="icon-button"
            aria-haspopup="dialog"
            aria-label={t('chart.info.open', { code: item.ShowCode })}
            data-testid="trade-info"
            onClick={onInfo}
          >
            <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.7" />
              <path d="M12 11v6M12 7.5v.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </span>
      </div>
      <div className="trade-quote">
        <div className="trade-quote-main">
          <LivePrice
            forexId={item.Id}
            precision={item.PricePrecision}
            fallback={q?.Close}
            toned
            className="trade-price"
            testId="trade-price"
          />
          <div className={`trade-quote-change ${toneClass(change)}`}>
            <span className="num price is-live">{sign + formatPrice(delta, item.PricePrecision, lang)}</span>
            <LiveChange forexId={item.Id} fallback={q?.Change} testId="trade-change" />
          </div>
        </div>
        <dl className="trade-range">
          <div>
            <dt>{t('trade.high')}</dt>
            <dd className="num price">{formatPrice(high, item.PricePrecision, lang)}</dd>
          </div>
          <div>
            <dt>{t('trade.low')}</dt>
            <dd className="num price">{formatPrice(low, item.PricePrecision, lang)}</dd>
          </div>
        </dl>
      </div>
    </div>
  );
}

/** The bar's shape while the instrument list loads. */
export function TradeHeaderSkeleton() {
  return (
    <div className="trade-head" aria-hidden="true">
      <span className="sk" style={{ width: 140, height: 28 }} />
      <div className="trade-quote">
        <span className="sk" style={{ width: 150, height: 32 }} />
        <span className="sk" style={{ width: 90, height: 32 }} />
      </div>
    </div>
  );
}
