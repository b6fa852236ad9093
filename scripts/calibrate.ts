// Calibrates the price simulator against the real M1 data in ../shared/data (docs/calibration.md).
//   node --import tsx scripts/calibrate.ts [dataDir]           prints the figures as markdown tables
//   node --import tsx scripts/calibrate.ts [dataDir] --write   also regenerates calibration.data.ts
// The data's terms forbid redistribution: only derived figures leave this script, never bars.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { priceToPoints } from '@tradepad/domain';
import {
  barsFromCsv,
  buildCalibration,
  CALIBRATED_CODES,
  type CalibratedCode,
  deseasonedReturns,
  type InstrumentCalibration,
  marketStats,
  type MarketStats,
  studentDfMaxLikelihood,
  weekendGapInMinuteVols,
} from '../apps/server/tools/calibration/calibration-lib.ts';
import { INSTRUMENTS } from '../apps/server/src/modules/market/instruments.data.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const write = args.includes('--write');
const dataDir = path.resolve(args.find((a) => !a.startsWith('--')) ?? path.resolve(repoRoot, '../shared/data'));
const outFile = path.join(repoRoot, 'apps/server/src/modules/market/calibration.data.ts');

const missing = CALIBRATED_CODES.map((c) => path.join(dataDir, `${c}_M1.csv`)).filter((f) => !existsSync(f));
if (missing.length) {
  console.log(`No calibration data (missing ${missing.join(', ')}); nothing to do.`);
  process.exit(0);
}

const stats = {} as Record<CalibratedCode, MarketStats>;
const tailDfMaxLikelihood = {} as Record<CalibratedCode, number>;
for (const code of CALIBRATED_CODES) {
  const bars = barsFromCsv(readFileSync(path.join(dataDir, `${code}_M1.csv`), 'utf8'));
  stats[code] = marketStats(bars);
  tailDfMaxLikelihood[code] = studentDfMaxLikelihood(deseasonedReturns(bars));
}
const calibration = buildCalibration(stats);

const bp = (x: number, d = 2) => (x * 1e4).toFixed(d);
const f = (x: number, d = 2) => x.toFixed(d);
/** Minutes a year: FX and the rest trade about 260 days of 24 h; crypto every day. */
const minutesPerYear = (code: string) => (/^(BTC|ETH|LTC|XRP)/.test(code) ? 365 : 260) * 1440;
const annualPct = (code: string, minuteVol: number) => f(minuteVol * Math.sqrt(minutesPerYear(code)) * 100, 1);

const lines: string[] = [];
lines.push('### Measured, per file: level and volatility', '');
lines.push(
  '| | period (UTC) | bars | median close | σ 1-min (bp) | ≈ % a year | (high − low) ÷ close, mean / median (bp) | minutes missing | weekend gaps: count, mean / max (bp) |',
  '|---|---|---|---|---|---|---|---|---|',
);
for (const code of CALIBRATED_CODES) {
  const s = stats[code];
  const gaps = s.breaks.map((b) => b.closeGap);
  const gapText = gaps.length
    ? `${gaps.length}: ${bp(gaps.reduce((a, b) => a + b, 0) / gaps.length, 1)} / ${bp(Math.max(...gaps), 1)}`
    : 'none (trades 24/7)';
  const period = `${new Date(s.firstTime).toISOString().slice(0, 10)} – ${new Date(s.lastTime).toISOString().slice(0, 10)}`;
  lines.push(
    `| ${code} | ${period} | ${s.bars} | ${s.medianClose} | ${bp(s.minuteVol)} | ${annualPct(code, s.minuteVol)} | ${bp(s.meanRange)} / ${bp(s.medianRange)} | ${f(s.missingFraction * 100)} % | ${gapText} |`,
  );
}
lines.push('', '### Measured, per file: shape', '');
lines.push(
  '| | kurtosis, raw / de-seasoned | t ν from mean-abs (used) / kurtosis / max. likelihood | variance ratio at 5 / 60 / 1440 min | mean range ÷ mean \\|close − open\\| | → steps/min |',
  '|---|---|---|---|---|---|',
);
for (const code of CALIBRATED_CODES) {
  const s = stats[code];
  lines.push(
    `| ${code} | ${f(s.kurtosis, 1)} / ${f(s.kurtosisDeseasoned, 1)} | ${f(s.tailDf, 1)} / ${f(s.tailDfFromKurtosis, 1)} / ${f(tailDfMaxLikelihood[code], 1)} | ${f(s.varianceRatio[5])} / ${f(s.varianceRatio[60])} / ${f(s.varianceRatio[1440])} | ${f(s.range.ratio, 3)} | ${s.range.steps} |`,
  );
}
lines.push('', '### Weekend gaps (first close after ÷ last close before − 1, absolute)', '');
for (const code of CALIBRATED_CODES) {
  const s = stats[code];
  if (!s.breaks.length) continue;
  const each = s.breaks.map(
    (b) => `${new Date(b.reopen).toISOString().slice(0, 10)} ${bp(b.closeGap, 1)} bp (open ${bp(b.openGap, 1)})`,
  );
  lines.push(`- ${code}: ${each.join('; ')}`);
}
const fx = CALIBRATED_CODES.filter((c) => c !== 'BTCUSD').map((c) => stats[c]);
lines.push('', `Pooled over the FX weekends, √(π/2) × mean |gap| = ${f(weekendGapInMinuteVols(fx), 1)} × the pair's 1-minute σ.`);

lines.push(
  '',
  '### Hour profile by UTC hour: robust (from mean |r|, used) and (from the standard deviation); range-implied steps/min',
  '',
);
lines.push(`| UTC | ${CALIBRATED_CODES.join(' | ')} | steps: ${CALIBRATED_CODES.join(' | ')} |`);
lines.push(`|---|${CALIBRATED_CODES.map(() => '---|').join('')}${CALIBRATED_CODES.map(() => '---|').join('')}`);
for (let h = 0; h < 24; h++) {
  const p = CALIBRATED_CODES.map((c) => `${f(stats[c].hourProfile[h]!)} (${f(stats[c].hourProfileFromStdev[h]!)})`);
  const n = CALIBRATED_CODES.map((c) => String(stats[c].rangeStepsByHour[h]));
  lines.push(`| ${String(h).padStart(2, '0')} | ${p.join(' | ')} | ${n.join(' | ')} |`);
}
lines.push(
  '',
  `Slope of ln(steps) on ln(σ) across hours: ${CALIBRATED_CODES.map((c) => `${c} ${f(stats[c].tickRateVsVolSlope)}`).join(', ')}.`,
);

lines.push('', '### What the simulator uses', '');
lines.push(
  '| code | minuteVol | ≈ % a year | ticks/min | weekend gap σ (bp) | tail ν | basis |',
  '|---|---|---|---|---|---|---|',
);
for (const [code, c] of Object.entries(calibration)) {
  lines.push(
    `| ${code} | ${c.minuteVol} | ${annualPct(code, c.minuteVol)} | ${c.ticksPerMinute} | ${bp(c.weekendGap, 1)} | ${c.tailDf} | ${c.basis} |`,
  );
}

lines.push('', '### Spreads (from the seed, instruments.data.ts)', '');
lines.push('| code | precision | spread (points) | in price | ≈ bp of the start price |', '|---|---|---|---|---|');
for (const i of INSTRUMENTS) {
  const inPrice = (i.spreadPoints / 10 ** i.precision).toFixed(i.precision);
  const relative = (i.spreadPoints / priceToPoints(i.startPrice, i.precision)) * 1e4;
  lines.push(`| ${i.code} | ${i.precision} | ${i.spreadPoints} | ${inPrice} | ${f(relative, 2)} |`);
}
console.log(lines.join('\n'));

if (write) {
  const entries = Object.entries(calibration).map(
    ([code, c]: [string, InstrumentCalibration]) => `${code}: ${JSON.stringify(c)},`,
  );
  const source = `/**
 * Simulator calibration: derived figures only, no bars (the data's terms forbid redistribution).
 * Generated by \`node --import tsx scripts/calibrate.ts --write\` from ../shared/data; change the mapping in
 * apps/server/tools/calibration/calibration-lib.ts and regenerate rather than editing here. Method and caveats:
 * docs/calibration.md.
 */
import type { InstrumentCalibration } from './simulator.ts';

export type { InstrumentCalibration };

export const CALIBRATION: Record<string, InstrumentCalibration> = {
${entries.join('\n')}
};
`;
  const options = (await prettier.resolveConfig(outFile)) ?? {};
  writeFileSync(outFile, await prettier.format(source, { ...options, filepath: outFile }));
  console.log(`\nwrote ${path.relative(repoRoot, outFile)}`);
}
