import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import {
  AreaSeries,
  CandlestickSeries,
  ColorType,
  CrosshairMode,
  LineSeries,
  createChart,
  type CandlestickData,
  type IChartApi,
  type ISeriesApi,
  type LogicalRange,
  type SeriesType,
  type TickMarkType,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { LANG_TAGS } from '@tradepad/contracts/languages';
import { KLINE_DEFAULT_BARS, type KlinePoint, type Period, type TradeItem } from '@tradepad/contracts/market/constants';
import { CHANNEL_KLINE_PREFIX } from '@tradepad/contracts/realtime/channels';
import { useQueryClient } from '@tanstack/react-query';
import { formatPrice } from '../../../i18n/format.ts';
import { colorsOf, useUpDown } from '../../../shared/market/up-down.ts';
import { useResolvedTheme } from '../../../shared/theme/install-theme.ts';
import { CHART_PALETTES, chartThemeOptions } from './chart-theme.ts';
import { useChannel } from '../../../shared/realtime/socket.ts';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { useUserStore } from '../../../shared/store/user.store.ts';
import { NoData } from '../../../shared/ui/no-data.tsx';
import { fetchKline, klineKey } from '../api/kline.api.ts';
import { chartTime, chartTimeFormat } from '../hooks/chart-time.ts';
import { liveBarFor, mergeLiveBar, normalizeBars, prependOlder } from '../hooks/kline-bars.ts';
import type { ChartType } from '../hooks/chart-settings.ts';
import { useChartLayout, useDrawingTool } from '../hooks/chart-layout.ts';
import { useChartLayoutSync } from '../hooks/chart-layout-sync.ts';
import type { IndicatorLayer } from './chart-indicators.ts';

/** The trader's order lines (and their drag) load with the first signed-in view of the chart. */
const OrderLinesLayer = lazy(() => import('./order-lines-layer.tsx'));
/** The drawings (their primitive, pointer handling and tools) load with the first drawing or the tools' first use. */
const DrawingLayer = lazy(() => import('./drawing-layer.tsx'));

/** Periods whose bars are whole days (no time of day on the axis). */
const DAY_PERIODS: readonly Period[] = ['1day', '1week', '1mon'];

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

/** A candle as the chosen type draws it: the candle itself, or its close for the line and area types. */
function pointOf(candle: CandlestickData<UTCTimestamp>, type: ChartType) {
  return type === 'candles' ? candle : { time: candle.time, value: candle.close };
}

type Status = 'loading' | 'ready' | 'empty' | 'error';

interface ChartParts {
  chart: IChartApi;
  series: ISeriesApi<SeriesType>;
  type: ChartType;
}

function addMainSeries(chart: IChartApi, type: ChartType): ISeriesApi<SeriesType> {
  if (type === 'line') return chart.addSeries(LineSeries, { priceLineVisible: true, lineWidth: 2 }, 0);
  if (type === 'area') return chart.addSeries(AreaSeries, { priceLineVisible: true, lineWidth: 2 }, 0);
  return chart.addSeries(CandlestickSeries, { priceLineVisible: true }, 0);
}

/**
 * The chart of the trade screen (lightweight-charts 5, loaded only with this module): the latest 300 bars of the
 * instrument and period as candles, a line or an area, live `KLINE.<Code>` bars merged in, older pages fetched as the
 * user scrolls left (the view kept where it was), and the chosen indicators (their code loads with the first one).
 */
export default function CandleChart({
  forexId,
  code,
  period,
  precision,
  type = 'candles',
  item,
}: {
  forexId: number;
  code: string;
  period: Period;
  precision: number;
  type?: ChartType;
  /** The instrument, for the trader's order lines (their P/L at a level); without it no lines are drawn. */
  item?: TradeItem;
}) {
  const { t } = useTranslation();
  const lang = useSettingsStore((s) => s.lang);
  const upDown = useUpDown();
  const palette = CHART_PALETTES[useResolvedTheme()];
  const paletteRef = useRef(palette);
  paletteRef.current = palette;
  const loggedIn = useUserStore((s) => s.loggedIn);
  const upDownRef = useRef(upDown);
  upDownRef.current = upDown;
  const queryClient = useQueryClient();
  useChartLayoutSync(forexId);
  const indicators = useChartLayout((s) => s.layout.indicators);
  const drawingCount = useChartLayout((s) => s.layout.drawings.length);
  const drawingTools = useDrawingTool((s) => s.open);
  const container = useRef<HTMLDivElement>(null);
  const parts = useRef<ChartParts | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [attempt, setAttempt] = useState(0);
  // Bumped when the main series is replaced, so its colours and format are applied again.
  const [styleVersion, setStyleVersion] = useState(0);

  // What the async callbacks need, current at all times.
  const bars = useRef<KlinePoint[]>([]);
  /** The bars' chart times, ascending (where drawings' anchors are placed). */
  const times = useRef<number[]>([]);
  const timesOf = useCallback(() => times.current, []);
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

  // The indicators: recomputed from the bars at most once a frame (live bars arrive many times a second).
  const layer = useRef<IndicatorLayer | null>(null);
  const frame = useRef(0);
  const drawIndicators = useCallback(() => {
    if (!layer.current || frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      const candles = toCandles(bars.current, current.current.period);
      layer.current?.update(candles.map((c) => ({ time: c.time, high: c.high, low: c.low, close: c.close })));
    });
  }, []);
  /** Sets the main series' data from the bars, in the chosen type. */
  const drawAll = useCallback(
    (p: ChartParts, list: readonly KlinePoint[], per: Period) => {
      const candles = toCandles(list, per);
      times.current = candles.map((c) => c.time);
      p.series.setData(candles.map((c) => pointOf(c, p.type)));
      drawIndicators();
    },
    [drawIndicators],
  );

  // The chart itself, and the scroll-left loading of older bars.
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const palette = paletteRef.current;
    const chart = createChart(el, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: palette.background },
        textColor: palette.text,
        fontSize: 11,
        fontFamily: getComputedStyle(el).fontFamily,
      },
      grid: { vertLines: { color: palette.grid }, horzLines: { color: palette.grid } },
      rightPriceScale: { borderColor: palette.border, scaleMargins: { top: 0.12, bottom: 0.08 } },
      timeScale: { borderColor: palette.border, rightOffset: 3, secondsVisible: false },
      crosshair: { mode: CrosshairMode.Normal },
    });
    parts.current = { chart, series: addMainSeries(chart, 'candles'), type: 'candles' };
    // The layers (order lines, drawings) attach to the chart in their effects, which run before this one when the
    // screen shows again (React's <Activity> removes the chart while it is hidden): they are told of the new one.
    setStyleVersion((n) => n + 1);

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
          if (parts.current) drawAll(parts.current, merged.bars, p);
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
    let removed = false;
    return () => {
      // Once only: a second remove() throws "Object is disposed" from the library (issue 33, seen after "View
      // orders" hid the trade screen).
      if (removed) return;
      removed = true;
      chart.timeScale().unsubscribeVisibleLogicalRangeChange(onRange);
      cancelAnimationFrame(frame.current);
      frame.current = 0;
      layer.current = null;
      parts.current = null;
      chart.remove();
    };
  }, [drawAll]);

  // The chart type: the main series is replaced by one of the new type, with the same bars.
  useEffect(() => {
    const p = parts.current;
    if (!p || p.type === type) return;
    p.chart.removeSeries(p.series);
    p.series = addMainSeries(p.chart, type);
    p.type = type;
    setStyleVersion((n) => n + 1);
    drawAll(p, bars.current, current.current.period);
  }, [type, drawAll]);

  // The indicators of the layout: their module loads with the first one.
  const indicatorTypes = indicators.map((i) => i.type).join();
  useEffect(() => {
    let cancelled = false;
    if (indicators.length === 0 && !layer.current) return;
    void import('./chart-indicators.ts').then(({ IndicatorLayer }) => {
      const p = parts.current;
      if (cancelled || !p) return;
      layer.current ??= new IndicatorLayer(p.chart, precision);
      layer.current.tones = colorsOf(upDownRef.current);
      layer.current.select(indicators, precision);
      drawIndicators();
    });
    return () => {
      cancelled = true;
    };
  }, [indicators, precision, drawIndicators]);

  // Colours, precision and language.
  useEffect(() => {
    const p = parts.current;
    if (!p) return;
    const { up, down } = colorsOf(upDown);
    if (layer.current) {
      layer.current.tones = { up, down };
      drawIndicators();
    }
    const minMove = 1 / 10 ** precision;
    const priceFormat = { type: 'price' as const, precision, minMove };
    if (p.type === 'candles') {
      p.series.applyOptions({
        upColor: up,
        downColor: down,
        borderUpColor: up,
        borderDownColor: down,
        wickUpColor: up,
        wickDownColor: down,
        priceFormat,
      });
    } else if (p.type === 'area') {
      p.series.applyOptions({
        lineColor: palette.line,
        topColor: palette.areaTop,
        bottomColor: palette.areaBottom,
        priceFormat,
      });
    } else {
      p.series.applyOptions({ color: palette.line, priceFormat });
    }
    p.chart.applyOptions(chartThemeOptions(palette));
    const times = chartTimeFormat(lang, period);
    p.chart.applyOptions({
      localization: {
        locale: LANG_TAGS[lang],
        priceFormatter: (price: number) => formatPrice(price, precision, lang),
        timeFormatter: (time: Time) => times.label(time as number),
      },
      timeScale: {
        timeVisible: !DAY_PERIODS.includes(period),
        tickMarkFormatter: (time: Time, type: TickMarkType) => times.tick(time as number, type),
      },
    });
  }, [upDown, precision, lang, period, styleVersion, drawIndicators, palette]);

  // The latest bars of this instrument and period.
  useEffect(() => {
    const p = parts.current;
    if (!p) return;
    generation.current += 1;
    const gen = generation.current;
    ready.current = false;
    bars.current = [];
    times.current = [];
    pending.current = [];
    older.current = { loading: false, done: false, retryAt: 0 };
    setStatus('loading');
    p.series.setData([]);
    drawIndicators();
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
        drawAll(p, merged, period);
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
  }, [forexId, period, attempt, queryClient, drawAll, drawIndicators]);

  // Live bars of the shown period.
  useChannel(`${CHANNEL_KLINE_PREFIX}${code}`, (message) => {
    const bar = liveBarFor(message, forexId, period);
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
    const p = parts.current;
    const candle = toCandle(bar, period);
    if (r.kind === 'append' && candle.time > (times.current[times.current.length - 1] ?? -Infinity))
      times.current.push(candle.time);
    if (p) p.series.update(pointOf(candle, p.type));
    drawIndicators();
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
        data-type={type}
        data-indicators={indicatorTypes}
        data-drawings={drawingCount}
        role="img"
        aria-label={t('chart.label', { code })}
      />
      {loggedIn && item && (
        <Suspense fallback={null}>
          <OrderLinesLayer handle={parts} seriesVersion={styleVersion} container={container} item={item} />
        </Suspense>
      )}
      {(drawingCount > 0 || drawingTools) && (
        <Suspense fallback={null}>
          <DrawingLayer
            handle={parts}
            seriesVersion={styleVersion}
            container={container}
            times={timesOf}
            period={period}
            precision={precision}
          />
        </Suspense>
      )}
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
