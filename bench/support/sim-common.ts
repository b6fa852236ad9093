/**
 * What both fan-out servers share: the simulator's instruments built like MarketService builds them (instruments.data,
 * calibrationFor, startPoints), and, with BENCH_ALL_OPEN=1 (the default), every instrument's hours widened to around
 * the clock so the measured tick rate is the full weekday rate whatever the day. The widening patches the seed data in
 * this process only (before the server seeds its fresh database); no file of apps/server changes.
 */
import fs from 'node:fs';
import { ALWAYS_OPEN, type MarketHours } from '@tradepad/domain';
import { calibrationFor } from '../../apps/server/src/modules/market/calibration.ts';
import { INSTRUMENTS, type InstrumentSeed } from '../../apps/server/src/modules/market/instruments.data.ts';
import { startPoints, type SimInstrument } from '../../apps/server/src/modules/market/simulator.ts';

export const ALL_OPEN = (process.env.BENCH_ALL_OPEN ?? '1') !== '0';
const AROUND_THE_CLOCK: MarketHours = { timeZone: 'UTC', rollover: 0, sessions: ALWAYS_OPEN };

export function seeds(): InstrumentSeed[] {
  if (ALL_OPEN) for (const s of INSTRUMENTS) (s as { hours: MarketHours }).hours = AROUND_THE_CLOCK;
  return [...INSTRUMENTS];
}

export function simInstruments(list: readonly InstrumentSeed[]): SimInstrument[] {
  return list.map((s) => ({
    code: s.code,
    precision: s.precision,
    hours: s.hours,
    startPoints: startPoints(s.startPrice, s.precision),
    spreadPoints: s.spreadPoints,
    params: calibrationFor(s.code),
  }));
}

/** Messages between the bench and a server child. */
export type ServerRequest = { type: 'stats'; gc?: boolean };
export type ServerReply =
  { type: 'ready'; port: number; open: number } | { type: 'stats'; rss: number; ticks: number; cpuMicros: number };

export function answerStats(ticks: () => number): void {
  process.on('message', (m: ServerRequest) => {
    if (m.type !== 'stats') return;
    if (m.gc) (globalThis as { gc?: () => void }).gc?.();
    const cpu = process.cpuUsage();
    const reply: ServerReply = {
      type: 'stats',
      rss: process.memoryUsage().rss,
      ticks: ticks(),
      cpuMicros: cpu.user + cpu.system,
    };
    process.send?.(reply);
  });
  process.on('disconnect', () => process.exit(0));
}

/**
 * A bench server's temporary data folder, removed when the process ends: on a normal exit, and on SIGTERM, which is
 * how the benches stop their servers (a SIGKILL runs no handler: each run left its ~100 MB database in the temp folder).
 */
export function removeOnExit(dir: string): void {
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  process.on('SIGTERM', () => process.exit(0));
}
