/**
 * Chart indicators (issue 20 point 5, DESIGN §17): moving averages, Bollinger bands, RSI and MACD over closes, the
 * stochastic and ATR over high, low and close. Pure:
 * every function takes the closes oldest first and returns one value per close, `null` where the indicator is not
 * yet defined (fewer closes than its period), so the result lines up with the bars it is drawn over. Display maths
 * on prices as shown (floating point), never used for money.
 */

export type IndicatorValue = number | null;

function checkPeriod(period: number): void {
  if (!Number.isInteger(period) || period < 1) throw new RangeError(`indicator period must be a positive integer, got ${period}`);
}

/** Simple moving average: the mean of the last `period` closes (a running sum, O(n)). */
export function sma(values: readonly number[], period: number): IndicatorValue[] {
  checkPeriod(period);
  const out: IndicatorValue[] = new Array<IndicatorValue>(values.length).fill(null);
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    sum += values[i]!;
    if (i >= period) sum -= values[i - period]!;
    if (i >= period - 1) out[i] = sum / period;
  }
  return out;
}

/**
 * Exponential moving average with weight k = 2 / (period + 1), seeded with the simple average of the first `period`
 * values (the usual convention, as StockCharts' ChartSchool describes it). `null` values at the start of the input
 * (another indicator's warm-up) are skipped: the average starts `period` values after the first defined one.
 */
export function ema(values: readonly IndicatorValue[], period: number): IndicatorValue[] {
  checkPeriod(period);
  const out: IndicatorValue[] = new Array<IndicatorValue>(values.length).fill(null);
  const k = 2 / (period + 1);
  let seen = 0;
  let sum = 0;
  let prev = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined) {
      if (seen > 0) throw new RangeError('ema: a gap after the first value');
      continue;
    }
    seen += 1;
    if (seen < period) {
      sum += v;
    } else if (seen === period) {
      prev = (sum + v) / period;
      out[i] = prev;
    } else {
      prev = v * k + prev * (1 - k);
      out[i] = prev;
    }
  }
  return out;
}

export interface BollingerPoint {
  middle: number;
  upper: number;
  lower: number;
}

/**
 * Bollinger bands: the `period` simple average, and that average ± `width` standard deviations of the same closes
 * (the population deviation, dividing by `period`, as John Bollinger defines it). Default (20, 2).
 */
export function bollinger(values: readonly number[], period = 20, width = 2): Array<BollingerPoint | null> {
  checkPeriod(period);
  const mid = sma(values, period);
  return mid.map((m, i) => {
    if (m === null) return null;
    let squares = 0;
    for (let j = i - period + 1; j <= i; j++) squares += (values[j]! - m) ** 2;
    const sd = Math.sqrt(squares / period);
    return { middle: m, upper: m + width * sd, lower: m - width * sd };
  });
}

/**
 * Relative strength index with Wilder's smoothing (default 14): the first average gain and loss are the simple means
 * of the first `period` changes; each later one is (previous × (period − 1) + this change) ÷ period. RSI = 100 −
 * 100 ÷ (1 + gain ÷ loss); 100 when there was no loss, and 50 on a flat stretch (neither gain nor loss). The first
 * value is at index `period` (it needs `period` changes, so `period + 1` closes).
 */
export function rsi(values: readonly number[], period = 14): IndicatorValue[] {
  checkPeriod(period);
  const out: IndicatorValue[] = new Array<IndicatorValue>(values.length).fill(null);
  if (values.length <= period) return out;
  let gain = 0;
  let loss = 0;
  for (let i = 1; i <= period; i++) {
    const d = values[i]! - values[i - 1]!;
    if (d > 0) gain += d;
    else loss -= d;
  }
  gain /= period;
  loss /= period;
  out[period] = rsiOf(gain, loss);
  for (let i = period + 1; i < values.length; i++) {
    const d = values[i]! - values[i - 1]!;
    gain = (gain * (period - 1) + (d > 0 ? d : 0)) / period;
    loss = (loss * (period - 1) + (d < 0 ? -d : 0)) / period;
    out[i] = rsiOf(gain, loss);
  }
  return out;
}

function rsiOf(gain: number, loss: number): number {
  if (loss === 0) return gain === 0 ? 50 : 100;
  return 100 - 100 / (1 + gain / loss);
}

export interface MacdPoint {
  macd: number;
  /** `null` until the signal line's own period has passed. */
  signal: number | null;
  histogram: number | null;
}

/**
 * MACD (default 12, 26, 9): the fast EMA minus the slow EMA of the closes; the signal line is the `signal`-period EMA
 * of that difference; the histogram is MACD − signal. The MACD line starts at index slow − 1, the signal at
 * slow + signal − 2.
 */
export function macd(values: readonly number[], fast = 12, slow = 26, signal = 9): Array<MacdPoint | null> {
  checkPeriod(fast);
  checkPeriod(slow);
  checkPeriod(signal);
  const f = ema(values, fast);
  const s = ema(values, slow);
  const line: IndicatorValue[] = f.map((v, i) => (v === null || s[i] === null ? null : v - s[i]!));
  const sig = ema(line, signal);
  return line.map((m, i) => {
    if (m === null) return null;
    const g = sig[i] ?? null;
    return { macd: m, signal: g, histogram: g === null ? null : m - g };
  });
}

/** A bar's prices, as the range-based indicators (stochastic, ATR) read them. */
export interface HlcBar {
  high: number;
  low: number;
  close: number;
}

export interface StochasticPoint {
  k: number;
  /** `null` until `dPeriod` values of %K exist. */
  d: number | null;
}

/**
 * The stochastic oscillator as MetaTrader computes it (default 5, 3, 3): over the last `kPeriod` bars the lowest low
 * LL and highest high HH; %K = 100 × Σ(close − LL) ÷ Σ(HH − LL) over the last `slowing` bars (slowing 1 is the fast
 * %K); %D = the `dPeriod` simple average of %K. A flat stretch (HH = LL throughout) reads 50. %K starts at index
 * kPeriod + slowing − 2, %D dPeriod − 1 bars later.
 */
export function stochastic(bars: readonly HlcBar[], kPeriod = 5, dPeriod = 3, slowing = 3): Array<StochasticPoint | null> {
  checkPeriod(kPeriod);
  checkPeriod(dPeriod);
  checkPeriod(slowing);
  const n = bars.length;
  const above: IndicatorValue[] = new Array<IndicatorValue>(n).fill(null);
  const range: IndicatorValue[] = new Array<IndicatorValue>(n).fill(null);
  for (let i = kPeriod - 1; i < n; i++) {
    let hh = -Infinity;
    let ll = Infinity;
    for (let j = i - kPeriod + 1; j <= i; j++) {
      if (bars[j]!.high > hh) hh = bars[j]!.high;
      if (bars[j]!.low < ll) ll = bars[j]!.low;
    }
    above[i] = bars[i]!.close - ll;
    range[i] = hh - ll;
  }
  const k: IndicatorValue[] = new Array<IndicatorValue>(n).fill(null);
  for (let i = kPeriod + slowing - 2; i < n; i++) {
    let a = 0;
    let r = 0;
    for (let j = i - slowing + 1; j <= i; j++) {
      a += above[j]!;
      r += range[j]!;
    }
    k[i] = r === 0 ? 50 : (100 * a) / r;
  }
  const start = kPeriod + slowing - 2;
  const dLine: IndicatorValue[] = new Array<IndicatorValue>(n).fill(null);
  if (n > start) {
    const defined = sma(k.slice(start) as number[], dPeriod);
    defined.forEach((v, i) => (dLine[start + i] = v));
  }
  return k.map((v, i) => (v === null ? null : { k: v, d: dLine[i] ?? null }));
}

/**
 * Average true range with Wilder's smoothing (default 14). The true range of a bar is the largest of high − low,
 * |high − previous close| and |low − previous close| (the first bar's is high − low); the first ATR, at index
 * period − 1, is the mean of the first `period` true ranges, each later one (previous × (period − 1) + TR) ÷ period.
 */
export function atr(bars: readonly HlcBar[], period = 14): IndicatorValue[] {
  checkPeriod(period);
  const out: IndicatorValue[] = new Array<IndicatorValue>(bars.length).fill(null);
  let sum = 0;
  let prev = 0;
  for (let i = 0; i < bars.length; i++) {
    const b = bars[i]!;
    const pc = i > 0 ? bars[i - 1]!.close : undefined;
    const tr = pc === undefined ? b.high - b.low : Math.max(b.high - b.low, Math.abs(b.high - pc), Math.abs(b.low - pc));
    if (i < period) {
      sum += tr;
      if (i === period - 1) out[i] = prev = sum / period;
    } else {
      prev = (prev * (period - 1) + tr) / period;
      out[i] = prev;
    }
  }
  return out;
}
