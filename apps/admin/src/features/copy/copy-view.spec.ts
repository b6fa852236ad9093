import { describe, expect, it } from 'vitest';
import {
  drawdownPercent,
  drawdownSigned,
  exactUsd,
  feePeriod,
  followStatus,
  nextSort,
  signedPercent,
  sortDirection,
  strategyStatus,
} from './copy-view.ts';

describe('copy trading in the console', () => {
  it('colours a strategy by its state', () => {
    expect(strategyStatus('open')).toEqual({ key: 'tp.copy.status_open', tone: 'success' });
    expect(strategyStatus('suspended')).toEqual({ key: 'tp.copy.status_suspended', tone: 'warning' });
    expect(strategyStatus('closed')).toEqual({ key: 'tp.copy.status_closed', tone: 'default' });
  });

  it.each([
    ['following', '', 'tp.copy.follow_following', 'success'],
    ['ended', 'unfollow', 'tp.copy.end_unfollow', 'default'],
    ['ended', 'equity_stop', 'tp.copy.end_equity_stop', 'error'],
    ['ended', 'suspended', 'tp.copy.end_suspended', 'default'],
    ['ended', 'something_new', 'tp.copy.follow_ended', 'default'],
  ] as const)('names a follow %s (%s)', (status, reason, key, tone) => {
    expect(followStatus(status, reason)).toEqual({ key, tone });
  });

  it.each([
    ['0', '0.00'],
    ['1234.5', '1,234.50'],
    ['1234567.891', '1,234,567.891'],
    ['-0.000125', '-0.000125'],
    ['12.1234567', '12.123456'],
    ['-0.00', '0.00'],
    ['007.10', '7.10'],
    ['100000.00', '100,000.00'],
    ['n/a', 'n/a'],
  ])('writes %s USD exactly as %s', (text, shown) => {
    expect(exactUsd(text)).toBe(shown);
  });

  it('groups with the separator given', () => {
    expect(exactUsd('9876543.21', ' ')).toBe('9 876 543.21');
  });

  it('names the month of a performance fee and the day of a management fee', () => {
    const start = Date.UTC(2026, 10, 1);
    expect(feePeriod('performance', start)).toBe('2026-11');
    expect(feePeriod('management', Date.UTC(2026, 10, 29))).toBe('2026-11-29');
  });

  it.each([
    ['1.52', '+1.52%'],
    ['-4.21', '\u22124.21%'],
    ['0.00', '0.00%'],
    ['-0.00', '0.00%'],
    ['1234.50', '+1234.50%'],
    ['-100.00', '\u2212100.00%'],
  ])('writes the return %s with its sign: %s', (text, shown) => {
    expect(signedPercent(text)).toBe(shown);
  });

  it.each([
    ['4.21', '\u22124.21%', '-4.21'],
    ['0.00', '0.00%', '0.00'],
    ['100.00', '\u2212100.00%', '-100.00'],
  ])('writes the drawdown %s as a loss: %s', (text, shown, signed) => {
    expect(drawdownPercent(text)).toBe(shown);
    expect(drawdownSigned(text)).toBe(signed);
  });

  it('sorts a column highest first, then lowest first, and shows which way', () => {
    expect(nextSort('', 'total_rate')).toBe('-total_rate');
    expect(nextSort('-total_rate', 'total_rate')).toBe('total_rate');
    expect(nextSort('total_rate', 'total_rate')).toBe('-total_rate');
    expect(nextSort('-equity', 'max_drawdown')).toBe('-max_drawdown');
    expect(sortDirection('-equity', 'equity')).toBe('desc');
    expect(sortDirection('equity', 'equity')).toBe('asc');
    expect(sortDirection('-equity', 'followers')).toBeUndefined();
    expect(sortDirection('', 'followers')).toBeUndefined();
  });
});
