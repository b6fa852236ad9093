import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseCircleFill, SearchOutline } from 'antd-mobile-icons';
import { useCategories } from '../../../shared/api/categories.api.ts';
import { useTradeSearch } from '../../../shared/api/trade-list.api.ts';
import { useDayMarketFeed } from '../../../shared/market/day-market-feed.ts';
import { NoData } from '../../../shared/ui/no-data.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { useSparklines } from '../api/sparklines.api.ts';
import { useLiveSparklines } from '../hooks/sparkline-store.ts';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import { useOpenInstrument } from '../hooks/use-open-instrument.ts';
import { MarketList, MarketListSkeleton } from './market-list.tsx';
import './product-page.css';

const SEARCH_DELAY_MS = 300;

/** /product (spec §2): search instruments by code; rows like home, tap to trade. */
export default function ProductPage() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const term = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const result = useTradeSearch(term);
  const categories = useCategories().data;
  useSparklines();
  useLiveSparklines();
  useDayMarketFeed();
  const open = useOpenInstrument();
  const items = result.data;
  const label = t('product.results');

  return (
    <Page name="product" title={t('route.product')} back="/" bodyClassName="product-body">
      <form className="product-search" role="search" onSubmit={(e) => e.preventDefault()}>
        <label className="product-search-field">
          <SearchOutline className="product-search-icon" fontSize={18} aria-hidden />
          <span className="visually-hidden">{t('home.search')}</span>
          <input
            type="search"
            inputMode="search"
            enterKeyHint="search"
            autoComplete="off"
            autoCorrect="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={20}
            autoFocus
            value={text}
            placeholder={t('product.placeholder')}
            data-testid="product-search"
            onChange={(e) => setText(e.target.value)}
          />
          {text && (
            <button type="button" className="product-search-clear" aria-label={t('product.clear')} onClick={() => setText('')}>
              <CloseCircleFill fontSize={18} aria-hidden />
            </button>
          )}
        </label>
      </form>
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
          <MarketList items={items} categories={categories} testPrefix="product" onOpen={open} label={label} />
        )}
      </div>
    </Page>
  );
}
