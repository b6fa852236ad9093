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
import { atr, bollinger, ema, macd, rsi, sma, stochastic } from '@tradepad/domain/indicators';
import type { ChartIndicator } from '../hooks/chart-layout.ts';
import { isOverlay } from '../hooks/indicator-params.ts';

const SECOND = '#f08c00';
const SECOND_ALT = '#868e96';
const LEVEL = '#adb5bd';

export interface IndicatorBar {
  time: UTCTimestamp;
  high: number;
  low: number;
  close: number;
}

type Series = ISeriesApi<'Line'> | ISeriesApi<'Histogram'>;
type Point = LineData<UTCTimestamp> | WhitespaceData<UTCTimestamp>;

/** A value or a gap (the indicator's warm-up), so every series has the bars' times. */
const points = (bars: readonly IndicatorBar[], values: ReadonlyArray<number | null | undefined>): Point[] =>
  bars.map((b, i) => {
    const v = values[i];
    return v === null || v === undefined ? { time: b.time } : { time: b.time, value: v };
  });

const common = { priceLineVisible: false, crosshairMarkerVisible: false, lineWidth: 1 as const };
/** A colour other than the indicator's own, for its second line. */
const secondOf = (color: string) => (color.toLowerCase() === SECOND ? SECOND_ALT : SECOND);

/**
 * The indicators drawn on the chart (DESIGN §17), computed by the domain's pure functions from the layout's settings:
 * moving averages and Bollinger bands over the prices, RSI, MACD, the stochastic and ATR each in a pane below, in
 * the layout's order; several of one kind at once. Loaded with the first indicator (its own chunk).
 */
export class IndicatorLayer {
  private series = new Map<string, Series>();
  private shown: readonly ChartIndicator[] = [];
  private signature = '';
  /** The MACD histogram's colours: the reader's rise and fall colours (red-up in hk by default). */
  tones = { up: '#12b886', down: '#f03e3e' };

  constructor(
    private readonly chart: IChartApi,
    private precision: number,
  ) {}

  /** Rebuilds the series when the indicators or their settings change. */
  select(indicators: readonly ChartIndicator[], precision: number): void {
    const signature = `${precision}|${JSON.stringify(indicators)}`;
    if (signature === this.signature) return;
    this.clear();
    this.signature = signature;
    this.precision = precision;
    this.shown = indicators;
    const priceFormat = { type: 'price' as const, precision, minMove: 1 / 10 ** precision };
    const line = (id: string, color: string, pane: number, extra: object = {}) => {
      const s = this.chart.addSeries(LineSeries, { ...common, color, lastValueVisible: pane > 0, priceFormat, ...extra }, pane);
      this.series.set(id, s);
      return s;
    };
    const levels = (s: ISeriesApi<'Line'>, prices: number[]) => {
      for (const price of prices)
        s.createPriceLine({ price, color: LEVEL, lineWidth: 1, lineStyle: LineStyle.Dotted, axisLabelVisible: false, title: '' });
    };
    const range0to100 = {
      priceFormat: { type: 'price', precision: 1, minMove: 0.1 },
      // The whole 0–100 range, so the levels always show.
      autoscaleInfoProvider: () => ({ priceRange: { minValue: 0, maxValue: 100 } }),
    };
    let pane = 0;
    for (const ind of indicators) {
      const k = ind.key;
      if (isOverlay(ind.type)) {
        if (ind.type === 'bb') {
          line(`${k}:upper`, ind.color, 0);
          line(`${k}:middle`, ind.color, 0, { lineStyle: LineStyle.Dashed });
          line(`${k}:lower`, ind.color, 0);
        } else line(k, ind.color, 0);
        continue;
      }
      pane += 1;
      if (ind.type === 'rsi') levels(line(k, ind.color, pane, range0to100), [30, 70]);
      else if (ind.type === 'stoch') {
        levels(line(`${k}:k`, ind.color, pane, range0to100), [20, 80]);
        line(`${k}:d`, secondOf(ind.color), pane, { ...range0to100, lineStyle: LineStyle.Dashed });
      } else if (ind.type === 'atr') {
        line(k, ind.color, pane, {
          priceFormat: { type: 'price', precision: precision + 1, minMove: 1 / 10 ** (precision + 1) },
        });
      } else {
        const fmt = { type: 'price' as const, precision: precision + 1, minMove: 1 / 10 ** (precision + 1) };
        this.series.set(
          `${k}:hist`,
          this.chart.addSeries(HistogramSeries, { priceLineVisible: false, lastValueVisible: false, priceFormat: fmt }, pane),
        );
        line(`${k}:macd`, ind.color, pane, { priceFormat: fmt });
        line(`${k}:signal`, secondOf(ind.color), pane, { priceFormat: fmt });
      }
    }
    const panes = this.chart.panes();
    panes[0]?.setStretchFactor(pane > 0 ? 1.2 + pane * 0.6 : 1);
    for (let i = 1; i < panes.length; i++) panes[i]!.setStretchFactor(1);
  }

  /** Recomputes every shown indicator from the bars (a few hundred: well under a millisecond each). */
  update(bars: readonly IndicatorBar[]): void {
    if (this.shown.length === 0) return;
    const closes = bars.map((b) => b.close);
    const set = (id: string, values: ReadonlyArray<number | null | undefined>) =>
      (this.series.get(id) as ISeriesApi<'Line'> | undefined)?.setData(points(bars, values));
    for (const ind of this.shown) {
      const k = ind.key;
      switch (ind.type) {
        case 'ma':
          set(k, sma(closes, ind.period));
          break;
        case 'ema':
          set(k, ema(closes, ind.period));
          break;
        case 'bb': {
          const b = bollinger(closes, ind.period, ind.deviations);
          set(
            `${k}:upper`,
            b.map((x) => x?.upper),
          );
          set(
            `${k}:middle`,
            b.map((x) => x?.middle),
          );
          set(
            `${k}:lower`,
            b.map((x) => x?.lower),
          );
          break;
        }
        case 'rsi':
          set(k, rsi(closes, ind.period));
          break;
        case 'stoch': {
          const s = stochastic(bars, ind.k, ind.d, ind.slowing);
          set(
            `${k}:k`,
            s.map((x) => x?.k),
          );
          set(
            `${k}:d`,
            s.map((x) => x?.d),
          );
          break;
        }
        case 'atr':
          set(k, atr(bars, ind.period));
          break;
        case 'macd': {
          const m = macd(closes, ind.fast, ind.slow, ind.signal);
          set(
            `${k}:macd`,
            m.map((x) => x?.macd),
          );
          set(
            `${k}:signal`,
            m.map((x) => x?.signal),
          );
          const hist: Array<HistogramData<UTCTimestamp> | WhitespaceData<UTCTimestamp>> = bars.map((b, i) => {
            const h = m[i]?.histogram;
            return h === null || h === undefined
              ? { time: b.time }
              : { time: b.time, value: h, color: `${h >= 0 ? this.tones.up : this.tones.down}99` };
          });
          (this.series.get(`${k}:hist`) as ISeriesApi<'Histogram'> | undefined)?.setData(hist);
          break;
        }
      }
    }
  }

  clear(): void {
    for (const series of this.series.values()) this.chart.removeSeries(series);
    this.series.clear();
    this.shown = [];
    this.signature = '';
    // Panes left empty are removed, the price pane first in line.
    for (let i = this.chart.panes().length - 1; i > 0; i--) this.chart.removePane(i);
  }
}
