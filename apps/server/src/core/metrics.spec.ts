import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { Metrics, isLoopback, mayReadMetrics } from './metrics.ts';

const request = (peer: string, authorization?: string) =>
  ({ socket: { remoteAddress: peer }, headers: authorization ? { authorization } : {} }) as unknown as FastifyRequest;

describe('who may read /metrics', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['10.0.0.5', false],
    ['::ffff:10.0.0.5', false],
    ['2001:db8::1', false],
    ['', false],
  ])('peer %s is on this machine: %s', (peer, loopback) => {
    expect(isLoopback(peer)).toBe(loopback);
  });

  it('without METRICS_TOKEN, only a peer on this machine (a forwarded header plays no part)', () => {
    expect(mayReadMetrics(request('127.0.0.1'), undefined)).toBe(true);
    expect(mayReadMetrics(request('203.0.113.7'), undefined)).toBe(false);
  });

  it('with METRICS_TOKEN, only a request bearing it, wherever it comes from', () => {
    const token = 'a-long-metrics-token-1234';
    expect(mayReadMetrics(request('203.0.113.7', `Bearer ${token}`), token)).toBe(true);
    expect(mayReadMetrics(request('127.0.0.1'), token)).toBe(false);
    expect(mayReadMetrics(request('127.0.0.1', 'Bearer wrong-token-wrong-token'), token)).toBe(false);
  });
});

describe('the platform metrics (DESIGN §15)', () => {
  const names = [
    'tradepad_engine_leader',
    'tradepad_bus_connected',
    'tradepad_orders_total',
    'tradepad_quote_age_seconds',
    'tradepad_fix_session_up',
    'tradepad_hedge_orders_total',
    'tradepad_ws_clients',
    'tradepad_event_loop_lag_seconds',
    'tradepad_db_commit_seconds',
    // Beyond §15: whether the traders' figures flow (the failover test's report reads them).
    'tradepad_account_pushes_total',
    'tradepad_account_listeners',
  ];

  it('shows every one before any event, the node not yet handed in', async () => {
    const metrics = new Metrics();
    try {
      const text = await metrics.render();
      for (const name of names) expect(text, name).toMatch(new RegExp(`^# TYPE ${name} `, 'm'));
      expect(text).toMatch(/^tradepad_engine_leader 0$/m);
      expect(text).toMatch(/^tradepad_orders_total\{result="filled"\} 0$/m);
      expect(text).not.toMatch(/^tradepad_quote_age_seconds\{/m);
      expect(text).toMatch(/^tradepad_db_commit_seconds_count 0$/m);
      expect(text).toMatch(/^tradepad_account_pushes_total 0$/m);
      expect(text).toMatch(/^tradepad_account_listeners 0$/m);
    } finally {
      metrics.close();
    }
  });

  it('reads the node at scrape time: leader, bus, sockets, and the quote ages of open markets only', async () => {
    const metrics = new Metrics();
    let ages: Array<[string, number]> = [
      ['EURUSD', 1.5],
      ['BTCUSD', Infinity],
    ];
    metrics.read({
      leads: () => true,
      busConnected: () => true,
      quoteAges: () => ages,
      websocketCount: () => 3,
      accountListeners: () => 2,
    });
    try {
      let text = await metrics.render();
      expect(text).toMatch(/^tradepad_engine_leader 1$/m);
      expect(text).toMatch(/^tradepad_bus_connected 1$/m);
      expect(text).toMatch(/^tradepad_ws_clients 3$/m);
      expect(text).toMatch(/^tradepad_websocket_connections 3$/m);
      expect(text).toMatch(/^tradepad_account_listeners 2$/m);
      expect(text).toMatch(/^tradepad_quote_age_seconds\{symbol="EURUSD"\} 1.5$/m);
      expect(text).toMatch(/^tradepad_quote_age_seconds\{symbol="BTCUSD"\} \+Inf$/m);
      expect(text).toMatch(/^tradepad_event_loop_lag_seconds \d/m);
      // A market that closed since the last scrape leaves no series behind.
      ages = [['BTCUSD', 0.2]];
      text = await metrics.render();
      expect(text).not.toContain('symbol="EURUSD"');
      expect(text).toMatch(/^tradepad_quote_age_seconds\{symbol="BTCUSD"\} 0.2$/m);
    } finally {
      metrics.close();
    }
  });

  it('counts orders by result and times commits into the 0.5 ms – 1 s buckets', async () => {
    const metrics = new Metrics();
    try {
      metrics.orders.filled.inc();
      metrics.orders.refused.inc();
      metrics.orders.refused.inc();
      metrics.commitSeconds.observe(0.0007);
      metrics.accountPushes.inc();
      const text = await metrics.render();
      expect(text).toMatch(/^tradepad_orders_total\{result="filled"\} 1$/m);
      expect(text).toMatch(/^tradepad_orders_total\{result="refused"\} 2$/m);
      expect(text).toMatch(/^tradepad_orders_total\{result="placed"\} 0$/m);
      expect(text).toMatch(/^tradepad_db_commit_seconds_bucket\{le="0.0005"\} 0$/m);
      expect(text).toMatch(/^tradepad_db_commit_seconds_bucket\{le="0.001"\} 1$/m);
      expect(text).toMatch(/^tradepad_db_commit_seconds_count 1$/m);
      expect(text).toMatch(/^tradepad_account_pushes_total 1$/m);
    } finally {
      metrics.close();
    }
  });
});
