import { useCallback, useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/i18n.ts';
import { Link } from '../../../shared/router/router.tsx';
import { GlobalOutline, SearchOutline } from 'antd-mobile-icons';
import { LogoMark } from '../../../assets/logo-mark.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { LANG_NAMES } from '@tradepad/contracts/languages';
import type { Category, TradeItem } from '@tradepad/contracts/market/constants';
import { useCategories } from '../../../shared/api/categories.api.ts';
import { refreshTradeList, useTradeList } from '../../../shared/api/trade-list.api.ts';
import { CategoryChips } from '../../../shared/market/category-chips.tsx';
import { useDayMarketFeed } from '../../../shared/market/day-market-feed.ts';
import { useFavourites } from '../../../shared/market/favourites.ts';
import { NoData } from '../../../shared/ui/no-data.tsx';
import { NoticeBell } from '../../../shared/ui/notice-bell.tsx';
import { useSparklines } from '../api/sparklines.api.ts';
import { useLiveSparklines } from '../hooks/sparkline-store.ts';
import { useOpenInstrument } from '../hooks/use-open-instrument.ts';
import { MarketList, MarketListSkeleton } from './market-list.tsx';
import './home-page.css';

const noCategories: Category[] = [];

/**
 * Home (spec §2): the header with logo, news, search and language; category chips; the market list with live
 * prices, changes and sparklines. Tapping a row selects the instrument and opens /trade.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const lang = useSettingsStore((s) => s.lang);
  const queryClient = useQueryClient();
  const list = useTradeList();
  const categories = useCategories().data ?? noCategories;
  useSparklines();
  useLiveSparklines();
  useDayMarketFeed();
  const open = useOpenInstrument();
  const [category, setCategory] = useState<number | null>(null);
  const [onlyFavourites, setOnlyFavourites] = useState(false);
  const favourites = useFavourites();
  const favouriteSet = useMemo(() => new Set(favourites.ids), [favourites.ids]);
  const chooseCategory = (value: number | null) => {
    setOnlyFavourites(false);
    setCategory(value);
  };

  // Spec §2: entering home refreshes the trade list (this effect runs again each time the kept-alive tab shows).
  useEffect(() => refreshTradeList(queryClient), [queryClient]);

  // The rows render in the background (a deferred value renders in slices), so a fresh list never freezes the page.
  const all = useDeferredValue(list.data);
  // The watchlist first (issue 20 point 6): in "All" the favourites lead in the order added; "Favourites" shows only them.
  const items = useMemo(() => {
    if (!all) return all;
    if (onlyFavourites) return favourites.ids.flatMap((id) => all.filter((i) => i.Id === id));
    const shown = category !== null ? all.filter((i) => i.CategoryId === category) : all;
    if (favouriteSet.size === 0) return shown;
    const rank = (id: number) => (favouriteSet.has(id) ? favourites.ids.indexOf(id) : favourites.ids.length);
    return [...shown].sort((a, b) => rank(a.Id) - rank(b.Id));
  }, [all, category, onlyFavourites, favourites.ids, favouriteSet]);
  const toggleFavourite = useCallback((item: TradeItem) => favourites.toggle(item.Id), [favourites]);

  let body: ReactNode;
  if (!items) {
    body = list.isError ? (
      <NoData
        title={t('market.loadError')}
        action={
          <button type="button" className="no-data-action" onClick={() => void list.refetch()}>
            {t('common.reload')}
          </button>
        }
      />
    ) : (
      <MarketListSkeleton label={t('market.listLabel')} />
    );
  } else if (items.length === 0 && onlyFavourites) {
    body = (
      <NoData
        title={t('market.noFavourites')}
        hint={t('market.noFavouritesHint')}
        action={
          <button type="button" className="no-data-action" onClick={() => chooseCategory(null)}>
            {t('market.showAll')}
          </button>
        }
      />
    );
  } else if (items.length === 0) {
    body =
      category === null ? (
        <NoData title={t('market.empty')} hint={t('market.emptyHint')} />
      ) : (
        <NoData
          title={t('market.emptyCategory')}
          action={
            <button type="button" className="no-data-action" onClick={() => chooseCategory(null)}>
              {t('market.showAll')}
            </button>
          }
        />
      );
  } else {
    body = (
      <MarketList
        items={items}
        categories={categories}
        testPrefix="market"
        onOpen={open}
        label={t('market.listLabel')}
        favourites={favouriteSet}
        onToggleFavourite={toggleFavourite}
        alerts
      />
    );
  }
  return (
    <Page name="home" withTabBar bodyClassName="home-body">
      <header className="home-header">
        <Link to="/" className="home-brand" aria-label={t('app.name')}>
          <LogoMark size={30} />
          <span className="home-brand-name">{t('app.name')}</span>
        </Link>
        <nav className="home-actions" aria-label={t('home.shortcuts')}>
          <NoticeBell />
          <Link to="/news" className="icon-button" aria-label={t('route.news')} data-testid="home-news">
            <NewsIcon />
          </Link>
          <Link to="/product" className="icon-button" aria-label={t('home.search')} data-testid="home-search">
            <SearchOutline fontSize={22} aria-hidden />
          </Link>
          <Link
            to="/language"
            className="icon-button home-lang"
            aria-label={t('home.language', { current: LANG_NAMES[lang] })}
            data-testid="home-language"
          >
            <GlobalOutline fontSize={20} aria-hidden />
            <span className="home-lang-code">{lang.toUpperCase()}</span>
          </Link>
        </nav>
      </header>

      <section className="home-section" aria-labelledby="home-markets-title">
        <div className="home-section-head">
          <h1 id="home-markets-title" className="home-section-title">
            {t('home.markets')}
          </h1>
        </div>
        {/* The chips' row keeps its height while the categories load, so the list does not jump. */}
        <div className="home-chips">
          {categories.length > 0 && (
            <CategoryChips
              categories={categories}
              value={onlyFavourites ? null : category}
              onChange={chooseCategory}
              favourites={{ active: onlyFavourites, onSelect: () => setOnlyFavourites(true) }}
            />
          )}
        </div>
      </section>
      <div className="home-list">{body}</div>
    </Page>
  );
}

function NewsIcon() {
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M5 4h11a2 2 0 0 1 2 2v13a1 1 0 0 0 1 1H6a2 2 0 0 1-2-2V5a1 1 0 0 1 1-1z" />
      <path d="M18 9h1.5A1.5 1.5 0 0 1 21 10.5V18a2 2 0 0 1-2 2" />
      <path d="M8 8h6M8 12h6M8 16h4" />
    </svg>
  );
}
