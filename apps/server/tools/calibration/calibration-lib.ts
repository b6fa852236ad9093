/**
 * Statistics of M1 bars used to calibrate the price simulator (docs/calibration.md). Pure: the caller reads the files
 * (scripts/calibrate.ts, and the spec that checks the stored figures against the data). Floats are fine here: these
 * are statistics, not prices anyone trades at.
 */
import { parseM1Csv } from '../../src/modules/market/replay-feed.ts';
import type { InstrumentCalibration } from '../../src/modules/market/simulator.ts';

export type { InstrumentCalibration };

/** One M1 bar with numeric prices; `time` is the bar-open time in unix ms. */
export interface Bar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

const MINUTE_MS = 60_000;
/** A hole with no bars longer than this is a market break (weekend, holiday), not a quiet spell. Same rule as the replay. */
export const BREAK_MS = 3_600_000;

/** The bars of an M1 CSV (the replay format), prices as numbers. */
export function barsFromCsv(text: string): Bar[] {
  const parsed = parseM1Csv(text);
  if (parsed.format !== 'm1') throw new Error('calibration needs M1 bars, not ticks');
  return parsed.rows.map((r) => ({
    time: r.time,
    open: Number(r.open),
    high: Number(r.high),
    low: Number(r.low),
    close: Number(r.close),
  }));
}

function mean(xs: readonly number[]): number {
  let s = 0;
  for (const x of xs) s += x;
  return xs.length ? s / xs.length : NaN;
}

/** Sample standard deviation (n − 1). */
export function stdev(xs: readonly number[]): number {
  const m = mean(xs);
  let s = 0;
  for (const x of xs) s += (x - m) ** 2;
  return Math.sqrt(s / (xs.length - 1));
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Kurtosis m4 / m2² (3 for a normal distribution; not the excess). */
export function kurtosis(xs: readonly number[]): number {
  const m = mean(xs);
  let m2 = 0;
  let m4 = 0;
  for (const x of xs) {
    const d = (x - m) ** 2;
    m2 += d;
    m4 += d * d;
  }
  m2 /= xs.length;
  m4 /= xs.length;
  return m4 / (m2 * m2);
}

/** Session index of each bar: it goes up by one after every hole longer than BREAK_MS. */
export function sessionIds(bars: readonly Bar[]): number[] {
  const ids: number[] = [];
  let id = 0;
  bars.forEach((b, i) => {
    if (i > 0 && b.time - bars[i - 1]!.time - MINUTE_MS > BREAK_MS) id++;
    ids.push(id);
  });
  return ids;
}

/** A 1-minute log return (close to close of bars exactly one minute apart), with the UTC hour of the later bar. */
export interface MinuteReturn {
  r: number;
  hour: number;
}

export function minuteReturns(bars: readonly Bar[]): MinuteReturn[] {
  const out: MinuteReturn[] = [];
  for (let i = 1; i < bars.length; i++) {
    const [a, b] = [bars[i - 1]!, bars[i]!];
    if (b.time - a.time === MINUTE_MS) out.push({ r: Math.log(b.close / a.close), hour: new Date(b.time).getUTCHours() });
  }
  return out;
}

/** Per-minute log-return standard deviation (a fraction of price). The figure `CALIBRATION[code].minuteVol` stores. */
export function minuteVol(bars: readonly Bar[]): number {
  return stdev(minuteReturns(bars).map((m) => m.r));
}

/** Per-minute log-return standard deviation for each UTC hour 0..23 (NaN for an hour with fewer than 30 returns). */
export function hourlyVol(returns: readonly MinuteReturn[]): number[] {
  return Array.from({ length: 24 }, (_, h) => {
    const rs = returns.filter((m) => m.hour === h).map((m) => m.r);
    return rs.length >= 30 ? stdev(rs) : NaN;
  });
}

/**
 * A robust per-minute scale for each UTC hour 0..23: √(π/2) × mean |r|, which equals the standard deviation for normal
 * returns but lets one news minute (an FOMC statement) move it by a few percent instead of doubling it. The tails are
 * modelled separately (tailDf), so the profile should track the typical activity of the hour. NaN below 30 returns.
 */
export function hourlyScale(returns: readonly MinuteReturn[]): number[] {
  return Array.from({ length: 24 }, (_, h) => {
    const rs = returns.filter((m) => m.hour === h).map((m) => Math.abs(m.r));
    return rs.length >= 30 ? Math.sqrt(Math.PI / 2) * mean(rs) : NaN;
  });
}

/**
 * Hourly figures as multipliers with a root mean square of 1 over the hours that trade, so `minuteVol × profile[h]`
 * keeps the overall variance at minuteVol² (a plain mean of 1 would add the profile's own spread to it). Hours with no
 * data get 0.
 */
export function hourProfile(hourly: readonly number[]): number[] {
  const open = hourly.filter((v) => Number.isFinite(v));
  const rms = Math.sqrt(mean(open.map((v) => v * v)));
  return hourly.map((v) => (Number.isFinite(v) ? v / rms : 0));
}

/** The fraction of minutes inside sessions (between the first and last bar, breaks excluded) that have no bar. */
export function missingMinuteFraction(bars: readonly Bar[]): number {
  const ids = sessionIds(bars);
  let expected = 0;
  let first = 0;
  for (let i = 1; i <= bars.length; i++) {
    if (i === bars.length || ids[i] !== ids[i - 1]) {
      expected += (bars[i - 1]!.time - bars[first]!.time) / MINUTE_MS + 1;
      first = i;
    }
  }
  return (expected - bars.length) / expected;
}

/** One market break: its length and the price jump across it, as fractions of the last close before it. */
export interface BreakGap {
  /** Unix ms of the first bar after the break. */
  reopen: number;
  hours: number;
  /** |first open after − last close before| / last close before. */
  openGap: number;
  /** |first close after − last close before| / last close before: one minute more, but immune to synthetic opens. */
  closeGap: number;
}

export function breakGaps(bars: readonly Bar[]): BreakGap[] {
  const out: BreakGap[] = [];
  for (let i = 1; i < bars.length; i++) {
    const [a, b] = [bars[i - 1]!, bars[i]!];
    const hole = b.time - a.time - MINUTE_MS;
    if (hole > BREAK_MS) {
      out.push({
        reopen: b.time,
        hours: hole / 3_600_000,
        openGap: Math.abs(b.open - a.close) / a.close,
        closeGap: Math.abs(b.close - a.close) / a.close,
      });
    }
  }
  return out;
}

/**
 * Variance ratio at horizon n minutes: stdev of n-minute log returns ÷ (√n × stdev of 1-minute returns). 1 for a
 * random walk, below 1 for mean reversion, above for trending. Uses overlapping windows (every bar that has a bar
 * exactly n minutes later in the same session), which trades independence for many more samples.
 */
export function varianceRatio(bars: readonly Bar[], n: number): number {
  const ids = sessionIds(bars);
  const at = new Map<number, number>();
  bars.forEach((b, i) => at.set(b.time, i));
  const rs: number[] = [];
  bars.forEach((b, i) => {
    const j = at.get(b.time + n * MINUTE_MS);
    if (j !== undefined && ids[j] === ids[i]) rs.push(Math.log(bars[j]!.close / b.close));
  });
  return stdev(rs) / (Math.sqrt(n) * minuteVol(bars));
}

/**
 * E[range] ÷ E[|end − start|] of a random walk of n independent normal steps: Σ_{k=1..n} k^−½ ÷ √n. By Spitzer's
 * formula E[max] = Σ E[S_k⁺]/k = σ/√(2π) Σ k^−½, the range is twice that, and E|S_n| = σ√n·√(2/π). 1 at n = 1,
 * rising to 2 (a continuous path) as 2 − 1.46/√n.
 */
export function rangeToMoveRatio(n: number): number {
  let s = 0;
  for (let k = 1; k <= n; k++) s += 1 / Math.sqrt(k);
  return s / Math.sqrt(n);
}

/**
 * The number of steps per minute whose random walk has the bars' mean(high − low) ÷ mean(|close − open|). Both means
 * scale with the local volatility, so calm and busy minutes mix without bias; the ratio saturates near 2, so a small
 * error in it moves n a lot, and a ratio of 2 or more (quote flicker, bid bounce) gives no answer (Infinity).
 */
export function stepsPerMinuteFromRange(bars: readonly Bar[]): { ratio: number; steps: number } {
  const ratio = mean(bars.map((b) => b.high - b.low)) / mean(bars.map((b) => Math.abs(b.close - b.open)));
  if (!(ratio < 2)) return { ratio, steps: Infinity };
  let n = 1;
  while (rangeToMoveRatio(n) < ratio && n < 100_000) n = n < 64 ? n + 1 : Math.ceil(n * 1.02);
  return { ratio, steps: n };
}

/** Excess kurtosis of a Student t with ν degrees of freedom is 6/(ν − 4); this inverts it (30 for a near-normal k). */
export function studentDfForKurtosis(k: number): number {
  return k > 3.2 ? 4 + 6 / (k - 3) : 30;
}

/** ln Γ(x) for x > 0 (Lanczos, g = 7): plenty for fitting a degrees-of-freedom figure. */
function lnGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
    -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  const y = x - 1;
  let a = c[0]!;
  for (let i = 1; i < 9; i++) a += c[i]! / (y + i);
  const t = y + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(a);
}

/** E|T| ÷ sd(T) of a Student t with ν > 2: √(2/π) ≈ 0.798 for a normal, falling towards 0 as ν → 2. */
export function studentMeanAbsRatio(nu: number): number {
  const meanAbs = (2 * Math.sqrt(nu) * Math.exp(lnGamma((nu + 1) / 2) - lnGamma(nu / 2))) / (Math.sqrt(Math.PI) * (nu - 1));
  return meanAbs / Math.sqrt(nu / (nu - 2));
}

/**
 * Degrees of freedom of the Student t whose mean |x| ÷ sd matches the sample's, clamped to [2.5, 30]. Unlike the
 * kurtosis this needs only two finite moments, so it still works when the tails are so fat (ν < 4) that the sample
 * kurtosis has no population value to converge to.
 */
export function studentDfForMeanAbs(xs: readonly number[]): number {
  const m = mean(xs);
  const ratio = mean(xs.map((x) => Math.abs(x - m))) / stdev(xs);
  if (ratio >= studentMeanAbsRatio(30)) return 30;
  if (ratio <= studentMeanAbsRatio(2.5)) return 2.5;
  let [lo, hi] = [2.5, 30];
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (studentMeanAbsRatio(mid) < ratio) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** Maximum-likelihood ν of a Student t with free scale (a grid over ν, golden-section over the scale): a cross-check. */
export function studentDfMaxLikelihood(xs: readonly number[]): number {
  const sd = stdev(xs);
  const logLik = (nu: number, s: number) => {
    const k = lnGamma((nu + 1) / 2) - lnGamma(nu / 2) - 0.5 * Math.log(nu * Math.PI) - Math.log(s);
    let ll = 0;
    for (const x of xs) ll += k - ((nu + 1) / 2) * Math.log(1 + (x / s) ** 2 / nu);
    return ll;
  };
  let best = { ll: -Infinity, nu: 30 };
  for (let nu = 2.1; nu <= 30; nu *= 1.06) {
    let [a, b] = [0.2 * sd, 1.5 * sd];
    for (let i = 0; i < 24; i++) {
      const [c, d] = [b - (b - a) * 0.618, a + (b - a) * 0.618];
      if (logLik(nu, c) > logLik(nu, d)) b = d;
      else a = c;
    }
    const ll = logLik(nu, (a + b) / 2);
    if (ll > best.ll) best = { ll, nu };
  }
  return best.nu;
}

/** Least-squares slope of ln y on ln x over the pairs where both are finite and positive. */
export function logLogSlope(xs: readonly number[], ys: readonly number[]): number {
  const pts = xs
    .map((x, i) => [Math.log(x), Math.log(ys[i]!)] as const)
    .filter(([a, b]) => Number.isFinite(a) && Number.isFinite(b));
  const mx = mean(pts.map((p) => p[0]));
  const my = mean(pts.map((p) => p[1]));
  let sxy = 0;
  let sxx = 0;
  for (const [x, y] of pts) {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
  }
  return sxy / sxx;
}

/** Everything docs/calibration.md reports for one file. */
export interface MarketStats {
  bars: number;
  firstTime: number;
  lastTime: number;
  medianClose: number;
  minuteVol: number;
  /** Standard deviation of 1-minute returns by UTC hour. */
  hourlyVol: number[];
  /** The robust hourly scale (hourlyScale) as a profile: what the simulator uses. */
  hourProfile: number[];
  /** The standard deviations as a profile, for comparison: spikier, one event can dominate an hour. */
  hourProfileFromStdev: number[];
  meanRange: number;
  medianRange: number;
  missingFraction: number;
  breaks: BreakGap[];
  /** Kurtosis of raw 1-minute returns. */
  kurtosis: number;
  /** Kurtosis after dividing each return by its hour's scale: the tails left once the session profile is modelled. */
  kurtosisDeseasoned: number;
  varianceRatio: { 5: number; 60: number; 1440: number };
  range: { ratio: number; steps: number };
  /** Range-implied steps per minute by UTC hour (bars of that hour only). */
  rangeStepsByHour: number[];
  /** Slope of ln(steps by hour) on ln(vol by hour): 0 if the tick rate ignores the session, 2 if tick sizes are fixed. */
  tickRateVsVolSlope: number;
  /** ν of a unit-variance Student t matching the de-seasoned returns' mean |z| ÷ sd (the figure stored as tailDf). */
  tailDf: number;
  /** ν matching the de-seasoned kurtosis: a cross-check (studentDfMaxLikelihood is another, too slow to run here). */
  tailDfFromKurtosis: number;
}

/** Each 1-minute return divided by its hour's robust scale: the shape left once the session profile is modelled. */
export function deseasonedReturns(bars: readonly Bar[]): number[] {
  const returns = minuteReturns(bars);
  const scale = hourlyScale(returns);
  return returns.filter((m) => scale[m.hour]! > 0).map((m) => m.r / scale[m.hour]!);
}

export function marketStats(bars: readonly Bar[]): MarketStats {
  const returns = minuteReturns(bars);
  const hv = hourlyVol(returns);
  const scale = hourlyScale(returns);
  const deseasoned = deseasonedReturns(bars);
  const ranges = bars.map((b) => (b.high - b.low) / b.close);
  const rangeStepsByHour = Array.from(
    { length: 24 },
    (_, h) => stepsPerMinuteFromRange(bars.filter((b) => new Date(b.time).getUTCHours() === h)).steps,
  );
  return {
    bars: bars.length,
    firstTime: bars[0]?.time ?? NaN,
    lastTime: bars.at(-1)?.time ?? NaN,
    medianClose: median(bars.map((b) => b.close)),
    minuteVol: minuteVol(bars),
    hourlyVol: hv,
    hourProfile: hourProfile(scale),
    hourProfileFromStdev: hourProfile(hv),
    meanRange: mean(ranges),
    medianRange: median(ranges),
    missingFraction: missingMinuteFraction(bars),
    breaks: breakGaps(bars),
    kurtosis: kurtosis(returns.map((m) => m.r)),
    kurtosisDeseasoned: kurtosis(deseasoned),
    varianceRatio: { 5: varianceRatio(bars, 5), 60: varianceRatio(bars, 60), 1440: varianceRatio(bars, 1440) },
    range: stepsPerMinuteFromRange(bars),
    rangeStepsByHour,
    tickRateVsVolSlope: logLogSlope(scale, rangeStepsByHour),
    tailDf: studentDfForMeanAbs(deseasoned),
    tailDfFromKurtosis: studentDfForKurtosis(kurtosis(deseasoned)),
  };
}

/** The instruments with real data in ../shared/data (`<code>_M1.csv`). */
export const CALIBRATED_CODES = ['EURUSD', 'GBPUSD', 'USDJPY', 'BTCUSD'] as const;
export type CalibratedCode = (typeof CALIBRATED_CODES)[number];

/** Every instrument the server seeds, in the trade list's order. */
export const INSTRUMENT_CODES = [
  'EURUSD',
  'GBPUSD',
  'USDJPY',
  'AUDUSD',
  'USDCAD',
  'USDCHF',
  'NZDUSD',
  'EURGBP',
  'EURJPY',
  'GBPJPY',
  'AUDJPY',
  'EURCHF',
  'XAUUSD',
  'XAGUSD',
  'USOIL',
  'UKOIL',
  'US30',
  'NAS100',
  'SPX500',
  'GER40',
  'BTCUSD',
  'ETHUSD',
  'LTCUSD',
  'XRPUSD',
] as const;

/**
 * Typical long-run realised volatility, percent a year: the author's estimate of common levels over roughly 2015–2024
 * from general market knowledge, not measured here. Only the ratios to the anchor (EURUSD or BTCUSD) are used.
 */
export const LONG_RUN_ANNUAL_VOL_PCT: Record<string, number> = {
  EURUSD: 7.5,
  AUDUSD: 10,
  USDCAD: 7,
  USDCHF: 7.5,
  NZDUSD: 10.5,
  EURGBP: 7,
  EURJPY: 9,
  GBPJPY: 11,
  AUDJPY: 12,
  EURCHF: 5.5,
  XAUUSD: 15,
  XAGUSD: 27,
  USOIL: 35,
  UKOIL: 32,
  US30: 16,
  NAS100: 22,
  SPX500: 17,
  GER40: 18,
  BTCUSD: 65,
  ETHUSD: 80,
  LTCUSD: 90,
  XRPUSD: 95,
};

/**
 * How each instrument without data borrows from the calibrated ones: the volatility level from `anchor` scaled by the
 * long-run ratio, the session profile and tails from `shape` (the nearest trading pattern), and a judged tick rate.
 */
export const MAPPED: Record<string, { anchor: CalibratedCode; shape: CalibratedCode; ticksPerMinute: number }> = {
  AUDUSD: { anchor: 'EURUSD', shape: 'USDJPY', ticksPerMinute: 35 },
  USDCAD: { anchor: 'EURUSD', shape: 'EURUSD', ticksPerMinute: 35 },
  USDCHF: { anchor: 'EURUSD', shape: 'EURUSD', ticksPerMinute: 30 },
  NZDUSD: { anchor: 'EURUSD', shape: 'USDJPY', ticksPerMinute: 30 },
  EURGBP: { anchor: 'EURUSD', shape: 'GBPUSD', ticksPerMinute: 30 },
  EURJPY: { anchor: 'EURUSD', shape: 'USDJPY', ticksPerMinute: 40 },
  GBPJPY: { anchor: 'EURUSD', shape: 'USDJPY', ticksPerMinute: 45 },
  AUDJPY: { anchor: 'EURUSD', shape: 'USDJPY', ticksPerMinute: 35 },
  EURCHF: { anchor: 'EURUSD', shape: 'EURUSD', ticksPerMinute: 25 },
  XAUUSD: { anchor: 'EURUSD', shape: 'EURUSD', ticksPerMinute: 60 },
  XAGUSD: { anchor: 'EURUSD', shape: 'EURUSD', ticksPerMinute: 40 },
  USOIL: { anchor: 'EURUSD', shape: 'EURUSD', ticksPerMinute: 50 },
  UKOIL: { anchor: 'EURUSD', shape: 'EURUSD', ticksPerMinute: 40 },
  US30: { anchor: 'EURUSD', shape: 'EURUSD', ticksPerMinute: 60 },
  NAS100: { anchor: 'EURUSD', shape: 'EURUSD', ticksPerMinute: 70 },
  SPX500: { anchor: 'EURUSD', shape: 'EURUSD', ticksPerMinute: 60 },
  GER40: { anchor: 'EURUSD', shape: 'EURUSD', ticksPerMinute: 60 },
  ETHUSD: { anchor: 'BTCUSD', shape: 'BTCUSD', ticksPerMinute: 60 },
  LTCUSD: { anchor: 'BTCUSD', shape: 'BTCUSD', ticksPerMinute: 35 },
  XRPUSD: { anchor: 'BTCUSD', shape: 'BTCUSD', ticksPerMinute: 40 },
};

/** Instruments that trade through the weekend: no reopening gap. */
const NO_WEEKEND = new Set(['BTCUSD', 'ETHUSD', 'LTCUSD', 'XRPUSD']);

/**
 * The weekend gap's standard deviation (√(π/2) × mean |gap|) in units of the instrument's own minuteVol, pooled over
 * every FX weekend in the data: four weekends per file are too few to give each pair its own figure.
 */
export function weekendGapInMinuteVols(stats: readonly MarketStats[]): number {
  const gaps = stats.flatMap((s) => s.breaks.map((b) => b.closeGap / s.minuteVol));
  return Math.sqrt(Math.PI / 2) * mean(gaps);
}

function sig(x: number, digits: number): number {
  return Number(x.toPrecision(digits));
}

/** The figures for every instrument code, from the measured stats of the four calibrated files. */
export function buildCalibration(stats: Record<CalibratedCode, MarketStats>): Record<string, InstrumentCalibration> {
  const gapK = weekendGapInMinuteVols(CALIBRATED_CODES.filter((c) => !NO_WEEKEND.has(c)).map((c) => stats[c]));
  const profile = (s: MarketStats) => s.hourProfile.map((p) => Math.round(p * 100) / 100);
  const out: Record<string, InstrumentCalibration> = {};
  for (const code of INSTRUMENT_CODES) {
    const gap = (vol: number) => (NO_WEEKEND.has(code) ? 0 : sig(gapK * vol, 2));
    const map = MAPPED[code];
    if (!map) {
      const s = stats[code as CalibratedCode];
      const minuteVol = sig(s.minuteVol, 3);
      out[code] = {
        minuteVol,
        hourProfile: profile(s),
        ticksPerMinute: Math.round(s.range.steps),
        weekendGap: gap(minuteVol),
        tailDf: Math.round(s.tailDf * 10) / 10,
        basis: `measured: ${code}_M1.csv, ${new Date(s.firstTime).toISOString().slice(0, 7)}`,
      };
    } else {
      const ratio = LONG_RUN_ANNUAL_VOL_PCT[code]! / LONG_RUN_ANNUAL_VOL_PCT[map.anchor]!;
      const minuteVol = sig(stats[map.anchor].minuteVol * ratio, 3);
      out[code] = {
        minuteVol,
        hourProfile: profile(stats[map.shape]),
        ticksPerMinute: map.ticksPerMinute,
        weekendGap: gap(minuteVol),
        tailDf: Math.round(stats[map.shape].tailDf * 10) / 10,
        basis: `${map.anchor} × ${ratio.toFixed(2)} (${LONG_RUN_ANNUAL_VOL_PCT[code]} % vs ${LONG_RUN_ANNUAL_VOL_PCT[map.anchor]} % a year); ${map.shape}'s hours and tails`,
      };
    }
  }
  return out;
}
