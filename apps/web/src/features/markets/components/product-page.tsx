import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import type { TradeItem } from '@tradepad/contracts/market/constants';
import { useTranslation } from '../../../i18n/i18n.ts';
import { useCategories } from '../../../shared/api/categories.api.ts';
import { useTradeSearch } from '../../../shared/api/trade-list.api.ts';
import { useDayMarketFeed } from '../../../shared/market/day-market-feed.ts';
import { useFavourites } from '../../../shared/market/favourites.ts';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { NoData } from '../../../shared/ui/no-data.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { PageFallback } from '../../../shared/ui/page-fallback.tsx';
import { useSparklines } from '../api/sparklines.api.ts';
import { useLiveSparklines } from '../hooks/sparkline-store.ts';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value.ts';
import { useOpenInstrument } from '../hooks/use-open-instrument.ts';
import { MarketList, MarketListSkeleton } from './market-list.tsx';
import { SearchField } from './search-field.tsx';
import './product-page.css';

const SEARCH_DELAY_MS = 300;

/** Main-site mode's company search: its own chunk, as few sites use it. */
const CompanySearch = lazy(() => import('./company-search.tsx'));

/** /product (spec §2): instrument search, or company search in main-site mode (company status type 0). */
export default function ProductPage() {
  const { t } = useTranslation();
  const mainSite = useSettingsStore((s) => s.mainSite);
  return (
    <Page name="product" title={t('route.product')} back="/" bodyClassName="product-body">
      {mainSite ? (
        <Suspense fallback={<PageFallback />}>
          <CompanySearch />
        </Suspense>
      ) : (
        <InstrumentSearch />
      )}
    </Page>
  );
}

/** Search instruments by code or by name in the reader's language; rows like home, tap to trade. */
function InstrumentSearch() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const term = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const result = useTradeSearch(term);
  const categories = useCategories().data;
  useSparklines();
  useLiveSparklines();
  useDayMarketFeed();
  const open = useOpenInstrument();
  const favourites = useFavourites();
  const favouriteSet = useMemo(() => new Set(favourites.ids), [favourites.ids]);
  const toggleFavourite = useCallback((item: TradeItem) => favourites.toggle(item.Id), [favourites]);
  const items = result.data;
  const label = t('product.results');

  return (
    <>
      <SearchField
        value={text}
        onChange={setText}
        label={t('home.search')}
        placeholder={t('product.placeholder')}
        testId="product-search"
        maxLength={40}
      />
      <div className="product-results" aria-busy={result.isFetching}>
        {!items ? (
          result.isError ? (
            <NoData title={t('market.loadError')} />
          ) : (
            <MarketListSkeleton label={label} />
          )
        ) : items.length === 0 ? (
          <NoData title={t('product.noMatch', { query: term })} hint={t('product.noMatchHint')} />
        ) : (
          <MarketList
            items={items}
            categories={categories}
            testPrefix="product"
            onOpen={open}
            label={label}
            favourites={favouriteSet}
            onToggleFavourite={toggleFavourite}
          />
        )}
      </div>
    </>
  );
}
