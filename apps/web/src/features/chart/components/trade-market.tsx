import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/i18n.ts';
import type { Category, TradeItem } from '@tradepad/contracts/market/constants';
import { useCategories } from '../../../shared/api/categories.api.ts';
import { refreshTradeList, useTradeList } from '../../../shared/api/trade-list.api.ts';
import { useDayMarketFeed } from '../../../shared/market/day-market-feed.ts';
import { useSelectionStore } from '../../../shared/store/selection.store.ts';
import { NoData } from '../../../shared/ui/no-data.tsx';
import { useLocation } from '../../../shared/router/router.tsx';
import { usePeriod } from '../hooks/use-period.ts';
import { useChartSettings } from '../hooks/chart-settings.ts';
import { useChartUrl } from '../hooks/use-chart-url.ts';
import { useFullScreen } from '../hooks/use-full-screen.ts';
import { chartFills, usePhoneLandscape } from '../hooks/use-phone-landscape.ts';
import { useFavourites } from '../../../shared/market/favourites.ts';
import { ChartToolbar } from './chart-toolbar.tsx';
import { useSelectedInstrument } from '../../../shared/market/use-selected-instrument.ts';
import { PeriodBar } from './period-bar.tsx';
import { TradeHeader, TradeHeaderSkeleton } from './trade-header.tsx';
import './chart.css';

/**
 * The chart and its library load only when the trade screen shows (lightweight-charts stays off the first screen),
 * and only once the instrument and its price have been painted (`chartReady`).
 */
export const loadCandleChart = () => import('./candle-chart.tsx');
const CandleChart = lazy(loadCandleChart);
/** The drawer (with antd-mobile's Popup) loads on the first tap on the instrument. */
const InstrumentPicker = lazy(() => import('./instrument-picker.tsx').then((m) => ({ default: m.InstrumentPicker })));
/** The info sheet loads on the first tap on ⓘ. */
const InstrumentInfoSheet = lazy(() => import('./instrument-info.tsx'));

const noCategories: Category[] = [];

/**
 * The market half of the trade screen (spec §2): the selected instrument with its live price and change, the
 * instrument drawer, the period bar and the candlestick chart.
 */
export function TradeMarket({
  chartReady,
  tradeBar,
}: {
  chartReady: boolean;
  /** What the full-screen (and landscape) chart trades with (DESIGN §17), composed by the screen. */
  tradeBar?: (item: TradeItem, items: readonly TradeItem[]) => ReactNode;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useTradeList();
  const categories = useCategories().data ?? noCategories;
  useDayMarketFeed();
  const item = useSelectedInstrument(list.data);
  const select = useSelectionStore((s) => s.select);
  const [period, setPeriod] = usePeriod();
  const [picking, setPicking] = useState(false);
  const [pickerWanted, setPickerWanted] = useState(false);
  const openPicker = () => {
    setPickerWanted(true);
    setPicking(true);
  };
  const [info, setInfo] = useState(false);
  const [infoWanted, setInfoWanted] = useState(false);
  const favourites = useFavourites();
  const chartType = useChartSettings((s) => s.type);
  const [fullScreen, setFullScreen] = useFullScreen();
  // A phone turned sideways shows the chart filling the window, with Buy, lots and Sell (DESIGN §17; issue 33: in
  // landscape there was nothing to trade with). Leaving it shows the screen as it was until the phone turns again.
  // Only while the trade screen is the one shown (it stays mounted behind the other tabs).
  const onTrade = useLocation().pathname === '/trade';
  const sideways = usePhoneLandscape() && onTrade;
  const [leftSideways, setLeftSideways] = useState(false);
  if (!sideways && leftSideways) setLeftSideways(false);
  const filled = chartFills(fullScreen, sideways, leftSideways);
  const changeFullScreen = useCallback(
    (next: boolean) => {
      if (!next && !fullScreen) setLeftSideways(true);
      else {
        if (next) setLeftSideways(false);
        setFullScreen(next);
      }
    },
    [fullScreen, setFullScreen],
  );
  const selectItem = useCallback((next: TradeItem) => select({ forexId: next.Id, code: next.Code }), [select]);
  useChartUrl({ items: list.data, item, period, select: selectItem, setPeriod });

  // Spec §2: entering trade refreshes the trade list. Leaving closes the drawer and the info sheet.
  useEffect(() => {
    refreshTradeList(queryClient);
    return () => {
      setPicking(false);
      setInfo(false);
    };
  }, [queryClient]);

  const pick = useCallback(
    (next: TradeItem) => {
      select({ forexId: next.Id, code: next.Code });
      setPicking(false);
    },
    [select],
  );

  if (list.data && !item) {
    return <NoData title={t('market.empty')} hint={t('market.emptyHint')} />;
  }
  if (list.isError && !list.data) {
    return (
      <NoData
        title={t('market.loadError')}
        action={
          <button type="button" className="no-data-action" onClick={() => void list.refetch()}>
            {t('common.reload')}
          </button>
        }
      />
    );
  }

  return (
    <section className={`trade-market${filled ? ' is-full' : ''}`} aria-label={t('trade.market')} data-testid="trade-market">
      {item ? (
        <TradeHeader
          item={item}
          onPick={openPicker}
          favourite={favourites.has(item.Id)}
          onToggleFavourite={() => favourites.toggle(item.Id)}
          onInfo={() => {
            setInfoWanted(true);
            setInfo(true);
          }}
        />
      ) : (
        <TradeHeaderSkeleton />
      )}
      <div className="chart-bars">
        <PeriodBar value={period} onChange={setPeriod} />
        <ChartToolbar fullScreen={filled} onFullScreen={changeFullScreen} />
      </div>
      <Suspense fallback={<ChartSkeleton />}>
        {item && chartReady ? (
          <CandleChart
            forexId={item.Id}
            code={item.Code}
            period={period}
            precision={item.PricePrecision}
            type={chartType}
            item={item}
          />
        ) : (
          <ChartSkeleton />
        )}
      </Suspense>
      {filled && item && list.data && tradeBar?.(item, list.data)}
      {item && infoWanted && (
        <Suspense fallback={null}>
          <InstrumentInfoSheet item={item} visible={info} onClose={() => setInfo(false)} />
        </Suspense>
      )}
      {list.data && pickerWanted && (
        <Suspense fallback={null}>
          <InstrumentPicker
            visible={picking}
            items={list.data}
            categories={categories}
            currentId={item?.Id}
            onClose={() => setPicking(false)}
            onPick={pick}
          />
        </Suspense>
      )}
    </section>
  );
}

function ChartSkeleton() {
  return (
    <div className="chart-frame" aria-hidden="true">
      <div className="chart-overlay chart-loading sk" />
    </div>
  );
}
