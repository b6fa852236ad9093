import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/i18n.ts';
import type { Category, TradeItem } from '@tradepad/contracts/market';
import { useCategories } from '../../../shared/api/categories.api.ts';
import { refreshTradeList, useTradeList } from '../../../shared/api/trade-list.api.ts';
import { useDayMarketFeed } from '../../../shared/market/day-market-feed.ts';
import { useSelectionStore } from '../../../shared/store/selection.store.ts';
import { NoData } from '../../../shared/ui/no-data.tsx';
import { usePeriod } from '../hooks/use-period.ts';
import { useSelectedInstrument } from '../../../shared/market/use-selected-instrument.ts';
import { PeriodBar } from './period-bar.tsx';
import { TradeHeader, TradeHeaderSkeleton } from './trade-header.tsx';
import './chart.css';

/**
 * The chart and its library load only when the trade screen shows (lightweight-charts stays off the first screen),
 * and only once the instrument and its price have been painted (`chartReady`).
 */
const CandleChart = lazy(() => import('./candle-chart.tsx'));
/** The drawer (with antd-mobile's Popup) loads on the first tap on the instrument. */
const InstrumentPicker = lazy(() => import('./instrument-picker.tsx').then((m) => ({ default: m.InstrumentPicker })));

const noCategories: Category[] = [];

/**
 * The market half of the trade screen (spec §2): the selected instrument with its live price and change, the
 * instrument drawer, the period bar and the candlestick chart.
 */
export function TradeMarket({ chartReady }: { chartReady: boolean }) {
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

  // Spec §2: entering trade refreshes the trade list. Leaving closes the drawer.
  useEffect(() => {
    refreshTradeList(queryClient);
    return () => setPicking(false);
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
    <section className="trade-market" aria-label={t('trade.market')}>
      {item ? <TradeHeader item={item} onPick={openPicker} /> : <TradeHeaderSkeleton />}
      <PeriodBar value={period} onChange={setPeriod} />
      <Suspense fallback={<ChartSkeleton />}>
        {item && chartReady ? (
          <CandleChart forexId={item.Id} code={item.Code} period={period} precision={item.PricePrecision} />
        ) : (
          <ChartSkeleton />
        )}
      </Suspense>
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
