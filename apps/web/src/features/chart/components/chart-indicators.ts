import {
  HistogramSeries,
  LineSeries,
  LineStyle,
  type IChartApi,
  type ISeriesApi,
  type LineData,
  type HistogramData,
  type UTCTimestamp,
  type WhitespaceData,
} from 'lightweight-charts';
import { bollinger, ema, macd, rsi, sma } from '@tradepad/domain/indicators';
import { LOWER_PANE_INDICATORS, type IndicatorId } from '../hooks/chart-settings.ts';

/** Periods of the overlays and panes (issue 20 point 5). */
export const SMA_PERIOD = 20;
export const EMA_PERIOD = 50;

const COLORS = {
  sma: '#f08c00',
  ema: '#7048e8',
  bb: '#1c7ed6',
  rsi: '#7048e8',
  macd: '#1c7ed6',
  signal: '#f08c00',
  level: '#adb5bd',
};

export interface IndicatorBar {
  time: UTCTimestamp;
  close: number;
}

type Line = ISeriesApi<'Line'>;
type Point = LineData<UTCTimestamp> | WhitespaceData<UTCTimestamp>;

/** A value or a gap (the indicator's warm-up), so every series has the bars' times. */
const points = (bars: readonly IndicatorBar[], values: ReadonlyArray<number | null | undefined>): Point[] =>
  bars.map((b, i) => {
    const v = values[i];
    return v === null || v === undefined ? { time: b.time } : { time: b.time, value: v };
  });

/**
 * The indicators drawn on the chart, computed by the domain's pure functions: moving averages and Bollinger bands
 * over the prices, RSI and MACD each in a pane below. Loaded with the first indicator chosen (its own chunk).
 */
export class IndicatorLayer {
  private series = new Map<string, Line | ISeriesApi<'Histogram'>>();
  private shown: readonly IndicatorId[] = [];
  /** The MACD histogram's colours: the reader's rise and fall colours (red-up in hk by default). */
  tones = { up: '#12b886', down: '#f03e3e' };

  constructor(
    private readonly chart: IChartApi,
    private precision: number,
  ) {}

  /** Rebuilds the series when the selection changes. */
  select(ids: readonly IndicatorId[], precision: number): void {
    if (ids.join() === this.shown.join() && precision === this.precision) return;
    this.clear();
    this.precision = precision;
    this.shown = ids;
    const priceFormat = { type: 'price' as const, precision, minMove: 1 / 10 ** precision };
    const overlay = (key: string, color: string, style: LineStyle = LineStyle.Solid) =>
      this.series.set(
        key,
        this.chart.addSeries(LineSeries, {
          color,
          lineWidth: 1,
          lineStyle: style,
          priceLineVisible: false,
          lastValueVisible: false,
          crosshairMarkerVisible: false,
          priceFormat,
        }),
      );
    if (ids.includes('sma')) overlay('sma', COLORS.sma);
    if (ids.includes('ema')) overlay('ema', COLORS.ema);
    if (ids.includes('bb')) {
      overlay('bbUpper', COLORS.bb);
      overlay('bbMiddle', COLORS.bb, LineStyle.Dashed);
      overlay('bbLower', COLORS.bb);
    }
    let pane = 0;
    const lower = LOWER_PANE_INDICATORS.filter((id) => ids.includes(id));
    for (const id of lower) {
      pane += 1;
      const common = { priceLineVisible: false, lastValueVisible: true, crosshairMarkerVisible: false, lineWidth: 1 as const };
      if (id === 'rsi') {
        const line = this.chart.addSeries(
          LineSeries,
          {
            ...common,
            color: COLORS.rsi,
            priceFormat: { type: 'price', precision: 1, minMove: 0.1 },
            // The whole 0–100 range, so the 30 and 70 levels always show.
            autoscaleInfoProvider: () => ({ priceRange: { minValue: 0, maxValue: 100 } }),
          },
          pane,
        );
        line.createPriceLine({
          price: 70,
          color: COLORS.level,
          lineWidth: 1,
          lineStyle: LineStyle.Dotted,
          axisLabelVisible: false,
          title: '',
        });
        line.createPriceLine({
          price: 30,
          color: COLORS.level,
          lineWidth: 1,
          lineStyle: LineStyle.Dotted,
          axisLabelVisible: false,
          title: '',
        });
        this.series.set('rsi', line);
      } else {
        const fmt = { type: 'price' as const, precision: precision + 1, minMove: 1 / 10 ** (precision + 1) };
        this.series.set(
          'macdHist',
          this.chart.addSeries(HistogramSeries, { priceLineVisible: false, lastValueVisible: false, priceFormat: fmt }, pane),
        );
        this.series.set('macd', this.chart.addSeries(LineSeries, { ...common, color: COLORS.macd, priceFormat: fmt }, pane));
        this.series.set(
          'macdSignal',
          this.chart.addSeries(LineSeries, { ...common, color: COLORS.signal, priceFormat: fmt }, pane),
        );
      }
    }
    const panes = this.chart.panes();
    panes[0]?.setStretchFactor(lower.length > 0 ? 2.4 : 1);
    for (let i = 1; i < panes.length; i++) panes[i]!.setStretchFactor(1);
  }

  /** Recomputes every shown indicator from the bars (a few hundred: well under a millisecond). */
  update(bars: readonly IndicatorBar[]): void {
    if (this.shown.length === 0) return;
    const closes = bars.map((b) => b.close);
    const s = this.series;
    if (this.shown.includes('sma')) s.get('sma')?.setData(points(bars, sma(closes, SMA_PERIOD)));
    if (this.shown.includes('ema')) s.get('ema')?.setData(points(bars, ema(closes, EMA_PERIOD)));
    if (this.shown.includes('bb')) {
      const b = bollinger(closes, 20, 2);
      s.get('bbUpper')?.setData(
        points(
          bars,
          b.map((x) => x?.upper),
        ),
      );
      s.get('bbMiddle')?.setData(
        points(
          bars,
          b.map((x) => x?.middle),
        ),
      );
      s.get('bbLower')?.setData(
        points(
          bars,
          b.map((x) => x?.lower),
        ),
      );
    }
    if (this.shown.includes('rsi')) s.get('rsi')?.setData(points(bars, rsi(closes, 14)));
    if (this.shown.includes('macd')) {
      const m = macd(closes, 12, 26, 9);
      s.get('macd')?.setData(
        points(
          bars,
          m.map((x) => x?.macd),
        ),
      );
      s.get('macdSignal')?.setData(
        points(
          bars,
          m.map((x) => x?.signal),
        ),
      );
      const hist: Array<HistogramData<UTCTimestamp> | WhitespaceData<UTCTimestamp>> = bars.map((b, i) => {
        const h = m[i]?.histogram;
        return h === null || h === undefined
          ? { time: b.time }
          : { time: b.time, value: h, color: `${h >= 0 ? this.tones.up : this.tones.down}99` };
      });
      s.get('macdHist')?.setData(hist);
    }
  }

  clear(): void {
    for (const series of this.series.values()) this.chart.removeSeries(series);
    this.series.clear();
    this.shown = [];
    // Panes left empty are removed, the price pane first in line.
    for (let i = this.chart.panes().length - 1; i > 0; i--) this.chart.removePane(i);
  }
}
