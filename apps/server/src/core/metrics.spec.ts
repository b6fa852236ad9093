import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { isLoopback, mayReadMetrics } from './metrics.ts';

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
