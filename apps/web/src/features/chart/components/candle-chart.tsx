import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import {
  CandlestickSeries,
  ColorType,
  CrosshairMode,
  createChart,
  type CandlestickData,
  type IChartApi,
  type ISeriesApi,
  type LogicalRange,
  type TickMarkType,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { LANG_TAGS } from '@tradepad/contracts/languages';
import { KLINE_DEFAULT_BARS, type KlineMessage, type KlinePoint, type Period } from '@tradepad/contracts/market';
import { CHANNEL_KLINE_PREFIX } from '@tradepad/contracts/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { formatPrice } from '../../../i18n/format.ts';
import { colorsOf, useUpDown } from '../../../shared/market/up-down.ts';
import { useChannel } from '../../../shared/realtime/socket.ts';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { NoData } from '../../../shared/ui/no-data.tsx';
import { fetchKline, klineKey } from '../api/kline.api.ts';
import { chartTime, chartTimeFormat } from '../hooks/chart-time.ts';
import { liveBarFor, mergeLiveBar, normalizeBars, prependOlder } from '../hooks/kline-bars.ts';

/** Older bars load when the left edge of the view comes within this many bars of the first one. */
const EDGE_BARS = 30;
const OLDER_RETRY_MS = 5000;

function toCandle(bar: KlinePoint, period: Period): CandlestickData<UTCTimestamp> {
  const time = chartTime(bar.Time, period) as UTCTimestamp;
  return { time, open: bar.Open, high: bar.High, low: bar.Low, close: bar.Close };
}

/** The chart's data: strictly ascending chart times (two daily bars on one date keep the later). */
function toCandles(bars: readonly KlinePoint[], period: Period): CandlestickData<UTCTimestamp>[] {
  const out: CandlestickData<UTCTimestamp>[] = [];
  for (const bar of bars) {
    const candle = toCandle(bar, period);
    const last = out[out.length - 1];
    if (last && candle.time <= last.time) out[out.length - 1] = candle;
    else out.push(candle);
  }
  return out;
}

type Status = 'loading' | 'ready' | 'empty' | 'error';

interface ChartParts {
  chart: IChartApi;
  series: ISeriesApi<'Candlestick'>;
}

/**
 * The candlestick chart of the trade screen (lightweight-charts 5, loaded only with this module): the latest 300
 * bars of the instrument and period, live `KLINE.<Code>` bars merged in, and older pages fetched as the user scrolls
 * left, with the view kept where it was.
 */
export default function CandleChart({
  forexId,
  code,
  period,
  precision,
}: {
  forexId: number;
  code: string;
  period: Period;
  precision: number;
}) {
  const { t } = useTranslation();
  const lang = useSettingsStore((s) => s.lang);
  const upDown = useUpDown();
  const queryClient = useQueryClient();
  const container = useRef<HTMLDivElement>(null);
  const parts = useRef<ChartParts | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [attempt, setAttempt] = useState(0);

  // What the async callbacks need, current at all times.
  const bars = useRef<KlinePoint[]>([]);
  const ready = useRef(false);
  const pending = useRef<KlinePoint[]>([]);
  const generation = useRef(0);
  const older = useRef({ loading: false, done: false, retryAt: 0 });
  const current = useRef({ forexId, period });
  // How many bars the chart holds, on the element for tests and diagnostics (no re-render per tick).
  const markBars = () => {
    if (container.current) container.current.dataset.bars = String(bars.current.length);
  };
  useEffect(() => {
    current.current = { forexId, period };
  }, [forexId, period]);

  // The chart itself, and the scroll-left loading of older bars.
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const chart = createChart(el, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: '#ffffff' },
        textColor: '#5b6678',
        fontSize: 11,
        fontFamily: getComputedStyle(el).fontFamily,
      },
      grid: { vertLines: { color: '#f1f3f7' }, horzLines: { color: '#f1f3f7' } },
      rightPriceScale: { borderColor: '#e2e7ee', scaleMargins: { top: 0.12, bottom: 0.08 } },
      timeScale: { borderColor: '#e2e7ee', rightOffset: 3, secondsVisible: false },
      crosshair: { mode: CrosshairMode.Normal },
    });
    const series = chart.addSeries(CandlestickSeries, { priceLineVisible: true });
    parts.current = { chart, series };

    const loadOlder = () => {
      const state = older.current;
      const first = bars.current[0];
      if (!ready.current || !first || state.loading || state.done || Date.now() < state.retryAt) return;
      state.loading = true;
      const gen = generation.current;
      const { forexId: id, period: p } = current.current;
      fetchKline({ forexId: id, period: p, to: first.Time, limit: KLINE_DEFAULT_BARS })
        .then((page) => {
          if (gen !== generation.current) return;
          if (page.length < KLINE_DEFAULT_BARS) state.done = true;
          const merged = prependOlder(bars.current, page);
          if (merged.added === 0) return;
          const range = chart.timeScale().getVisibleLogicalRange();
          bars.current = merged.bars;
          markBars();
          series.setData(toCandles(merged.bars, p));
          if (range) chart.timeScale().setVisibleLogicalRange({ from: range.from + merged.added, to: range.to + merged.added });
        })
        .catch(() => {
          if (gen === generation.current) state.retryAt = Date.now() + OLDER_RETRY_MS;
        })
        .finally(() => {
          if (gen === generation.current) state.loading = false;
        });
    };
    const onRange = (range: LogicalRange | null) => {
      if (range && range.from < EDGE_BARS) loadOlder();
    };
    chart.timeScale().subscribeVisibleLogicalRangeChange(onRange);
    return () => {
      chart.timeScale().unsubscribeVisibleLogicalRangeChange(onRange);
      parts.current = null;
      chart.remove();
    };
  }, []);

  // Colours, precision and language.
  useEffect(() => {
    const p = parts.current;
    if (!p) return;
    const { up, down } = colorsOf(upDown);
    const minMove = 1 / 10 ** precision;
    p.series.applyOptions({
      upColor: up,
      downColor: down,
      borderUpColor: up,
      borderDownColor: down,
      wickUpColor: up,
      wickDownColor: down,
      priceFormat: { type: 'price', precision, minMove },
    });
    const times = chartTimeFormat(lang, period);
    p.chart.applyOptions({
      localization: {
        locale: LANG_TAGS[lang],
        priceFormatter: (price: number) => formatPrice(price, precision, lang),
        timeFormatter: (time: Time) => times.label(time as number),
      },
      timeScale: {
        timeVisible: period !== '1day',
        tickMarkFormatter: (time: Time, type: TickMarkType) => times.tick(time as number, type),
      },
    });
  }, [upDown, precision, lang, period]);

  // The latest bars of this instrument and period.
  useEffect(() => {
    const p = parts.current;
    if (!p) return;
    generation.current += 1;
    const gen = generation.current;
    ready.current = false;
    bars.current = [];
    pending.current = [];
    older.current = { loading: false, done: false, retryAt: 0 };
    setStatus('loading');
    p.series.setData([]);
    queryClient
      .fetchQuery({
        queryKey: klineKey(forexId, period),
        queryFn: ({ signal }) => fetchKline({ forexId, period }, signal),
        staleTime: 5_000,
      })
      .then((page) => {
        if (gen !== generation.current) return;
        let merged = normalizeBars(page);
        for (const live of pending.current) {
          const r = mergeLiveBar(merged, live);
          if (r.kind !== 'ignore') merged = r.bars;
        }
        pending.current = [];
        bars.current = merged;
        markBars();
        older.current.done = page.length < KLINE_DEFAULT_BARS;
        p.series.setData(toCandles(merged, period));
        p.chart.timeScale().resetTimeScale();
        ready.current = true;
        setStatus(merged.length > 0 ? 'ready' : 'empty');
      })
      .catch(() => {
        if (gen === generation.current) setStatus('error');
      });
    // A late answer must not land on a chart that has been removed or moved on.
    return () => {
      generation.current += 1;
    };
  }, [forexId, period, attempt, queryClient]);

  // Live bars of the shown period.
  useChannel(`${CHANNEL_KLINE_PREFIX}${code}`, (message) => {
    const bar = liveBarFor(message as Partial<KlineMessage>, forexId, period);
    if (!bar) return;
    if (!ready.current) {
      pending.current.push(bar);
      return;
    }
    const r = mergeLiveBar(bars.current, bar);
    if (r.kind === 'ignore') return;
    const wasEmpty = bars.current.length === 0;
    bars.current = r.bars;
    if (r.kind === 'append') markBars();
    parts.current?.series.update(toCandle(bar, period));
    if (wasEmpty) setStatus('ready');
  });

  return (
    <div className="chart-frame">
      <div
        ref={container}
        className="chart-canvas"
        dir="ltr"
        data-testid="chart"
        data-status={status}
        role="img"
        aria-label={t('chart.label', { code })}
      />
      {status === 'loading' && <div className="chart-overlay chart-loading sk" aria-hidden="true" />}
      {status === 'empty' && (
        <div className="chart-overlay">
          <NoData title={t('chart.empty')} />
        </div>
      )}
      {status === 'error' && (
        <div className="chart-overlay">
          <NoData
            title={t('chart.loadError')}
            action={
              <button type="button" className="no-data-action" onClick={() => setAttempt((n) => n + 1)}>
                {t('common.reload')}
              </button>
            }
          />
        </div>
      )}
    </div>
  );
}
