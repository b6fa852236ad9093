/**
 * The naive baseline of bench/fanout.bench.ts, as a child process (forked with IPC): a plain `ws` server on /v1/ws
 * running the same SimulatorFeed (same instruments, calibration, start prices and seed) that, for every tick, does
 * `for (const c of clients) c.send(JSON.stringify(message))` with the DAY_MARKET message shape: a stringify per client,
 * no conflation, no check of how much each client has buffered. Same IPC as fanout-server.ts.
 */
import { isMarketOpen, pointsToPrice } from '@tradepad/domain';
import { WebSocketServer, type WebSocket } from 'ws';
import { SimulatorFeed } from '../../apps/server/src/modules/market/simulator.ts';
import { answerStats, seeds, simInstruments, type ServerReply } from './sim-common.ts';

const list = seeds();
const byCode = new Map(list.map((s, i) => [s.code, { id: i + 1, seed: s }]));
const day = new Map<string, { open: number; high: number; low: number; volume: number }>();
const clients = new Set<WebSocket>();
let ticks = 0;

const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/v1/ws' });
wss.on('connection', (ws) => {
  ws.on('message', (data, isBinary) => {
    const text = isBinary ? '' : data.toString();
    if (text === 'ping') return ws.send('pong');
    try {
      const m = JSON.parse(text) as { type?: string; params?: string };
      if (m.type === 'sub' && m.params === 'DAY_MARKET') {
        clients.add(ws);
        ws.send(JSON.stringify({ type: 'sub_result', code: 1, msg: 'ok', channel: 'DAY_MARKET' }));
      }
    } catch {
      ws.send(JSON.stringify({ type: 'error', code: 0, msg: 'bad message' }));
    }
  });
  ws.on('close', () => clients.delete(ws));
  ws.on('error', () => clients.delete(ws));
});

new SimulatorFeed(simInstruments(list), 1).start((tick) => {
  ticks += 1;
  const inst = byCode.get(tick.code);
  if (!inst) return;
  const d = day.get(tick.code) ?? { open: tick.bid, high: tick.bid, low: tick.bid, volume: 0 };
  d.high = Math.max(d.high, tick.bid);
  d.low = Math.min(d.low, tick.bid);
  d.volume += tick.volume;
  day.set(tick.code, d);
  const p = (x: number) => pointsToPrice(x, inst.seed.precision);
  const message = {
    type: 'DAY_MARKET',
    symbol: tick.code,
    quotation: {
      forex_id: inst.id,
      open: p(d.open),
      high: p(d.high),
      low: p(d.low),
      close: p(tick.bid),
      bid: p(tick.bid),
      ask: p(tick.ask),
      change: Math.round(((tick.bid - d.open) / d.open) * 10_000) / 100,
      volume: d.volume,
      time: tick.time,
    },
  };
  for (const c of clients) c.send(JSON.stringify(message));
});

wss.on('listening', () => {
  answerStats(() => ticks);
  const open = list.filter((s) => isMarketOpen(s.hours, Date.now())).length;
  const ready: ServerReply = { type: 'ready', port: (wss.address() as { port: number }).port, open };
  process.send?.(ready);
});
