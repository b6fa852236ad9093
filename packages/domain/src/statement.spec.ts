import { describe, expect, it } from 'vitest';
import { micros, parseMoney } from './money.ts';
import {
  calendarDay,
  isTimeZone,
  statementPeriod,
  statementTotals,
  tradeNet,
  zonedDayStart,
  zonedTimeText,
  MAX_STATEMENT_DAYS,
} from './statement.ts';

const m = parseMoney;

describe('statementTotals', () => {
  it('sums P/L, fees and swap apart as the rows show them (to the cent), and nets them', () => {
    const totals = statementTotals(
      [
        { profit: m('10.125001'), fee: m('0.35'), swap: m('-0.000001') },
        { profit: m('-3.1'), fee: m('0.35'), swap: m('0') },
        { profit: m('0.000003'), fee: m('0.000001'), swap: m('1.5') },
      ],
      [],
    );
    expect(totals).toEqual({
      trades: 3,
      profit: m('7.03'),
      fees: m('0.7'),
      swap: m('1.5'),
      commissions: micros(0),
      net: m('7.83'),
      deposits: micros(0),
      withdrawals: micros(0),
      withdrawalFees: micros(0),
      adjustments: micros(0),
      credit: micros(0),
      copy: micros(0),
    });
  });

  it('sums credit in and out apart from the cash adjustments (issue 32)', () => {
    const totals = statementTotals(
      [],
      [
        { kind: 'credit', amount: m('100'), fee: m('0') },
        { kind: 'credit', amount: m('-30'), fee: m('0') },
        { kind: 'adjustment', amount: m('5'), fee: m('0') },
      ],
    );
    expect(totals.credit).toBe(m('70'));
    expect(totals.adjustments).toBe(m('5'));
    expect(totals.deposits).toBe(micros(0));
  });

  it('takes the account type’s commissions out of the net, apart from the fees', () => {
    const totals = statementTotals(
      [
        { profit: m('80'), fee: m('0'), swap: m('0'), commission: m('7') },
        { profit: m('-10'), fee: m('0.5'), swap: m('-1.25'), commission: m('0.35') },
        { profit: m('1'), fee: m('0'), swap: m('0') },
      ],
      [],
    );
    expect(totals).toMatchObject({ profit: m('71'), fees: m('0.5'), commissions: m('7.35'), swap: m('-1.25'), net: m('61.9') });
    expect(tradeNet({ profit: m('80'), fee: m('0'), swap: m('0'), commission: m('7') })).toBe(m('73'));
  });

  it('keeps deposits, withdrawals (positive, fees apart) and signed adjustments apart', () => {
    const totals = statementTotals(
      [],
      [
        { kind: 'deposit', amount: m('1000'), fee: m('0') },
        { kind: 'deposit', amount: m('0.01'), fee: m('0') },
        { kind: 'withdrawal', amount: m('-200'), fee: m('2.5') },
        { kind: 'adjustment', amount: m('50'), fee: m('0') },
        { kind: 'adjustment', amount: m('-20.000001'), fee: m('0') },
      ],
    );
    expect(totals.deposits).toBe(m('1000.01'));
    expect(totals.withdrawals).toBe(m('200'));
    expect(totals.withdrawalFees).toBe(m('2.5'));
    expect(totals.adjustments).toBe(m('30'));
    expect(totals.trades).toBe(0);
    expect(totals.net).toBe(micros(0));
  });

  it('a trade nets P/L less fee plus swap', () => {
    expect(tradeNet({ profit: m('5'), fee: m('0.5'), swap: m('-1.25') })).toBe(m('3.25'));
  });

  it('sums beyond 2^53 micros without losing a cent', () => {
    const big = { profit: micros(2n ** 53n + 5_000n), fee: micros(1n), swap: micros(0n) };
    expect(statementTotals([big, big], []).net).toBe(micros(2n * (2n ** 53n - 992n + 10_000n)));
  });

  it('a P/L total is the sum of its rows as shown, not a cent off (issue 33)', () => {
    // Three rows of 0.005 each show 0.01: the total shows 0.03, where the exact sum (0.015) showed 0.02.
    const rows = [0, 1, 2].map(() => ({ profit: m('0.005'), fee: m('0'), swap: m('0') }));
    expect(statementTotals(rows, []).profit).toBe(m('0.03'));
    expect(statementTotals(rows, []).net).toBe(m('0.03'));
    const loss = [m('-1.004'), m('-1.004'), m('-1.004')].map((profit) => ({ profit, fee: m('0.004'), swap: m('0') }));
    expect(statementTotals(loss, []).profit).toBe(m('-3'));
    expect(tradeNet(loss[0]!)).toBe(m('-1'));
  });
});

describe('statement dates', () => {
  it.each([
    ['2026-02-28', true],
    ['2026-02-29', false],
    ['2024-02-29', true],
    ['2026-13-01', false],
    ['2026-1-01', false],
    ['', false],
  ])('calendarDay(%j) is a date: %s', (text, ok) => {
    expect(calendarDay(text) !== undefined).toBe(ok);
  });

  it.each([
    ['UTC', true],
    ['Asia/Hong_Kong', true],
    ['America/Argentina/Buenos_Aires', true],
    ['Mars/Olympus', false],
    ['+01:00', false],
    ['Europe/London; drop', false],
    ['x'.repeat(80), false],
  ])('isTimeZone(%j) is %s', (tz, ok) => {
    expect(isTimeZone(tz)).toBe(ok);
  });

  it.each([
    // zone, day, its first instant in UTC
    ['UTC', '2026-03-01', '2026-03-01T00:00:00.000Z'],
    ['Asia/Hong_Kong', '2026-03-01', '2026-02-28T16:00:00.000Z'],
    ['America/New_York', '2026-03-08', '2026-03-08T05:00:00.000Z'], // the day clocks go forward (at 02:00)
    ['America/New_York', '2026-03-09', '2026-03-09T04:00:00.000Z'],
    ['Europe/London', '2026-10-25', '2026-10-24T23:00:00.000Z'], // BST until 01:00 UTC that day
    ['America/Santiago', '2026-09-06', '2026-09-06T04:00:00.000Z'], // midnight skipped: the day starts at 01:00
    ['Asia/Kathmandu', '2026-01-01', '2025-12-31T18:15:00.000Z'],
  ])('%s: %s begins at %s', (tz, day, iso) => {
    expect(new Date(zonedDayStart(calendarDay(day)!, tz)).toISOString()).toBe(iso);
  });

  it('writes an instant on the zone’s wall clock', () => {
    const at = Date.parse('2026-03-01T15:59:59Z');
    expect(zonedTimeText(at, 'Asia/Hong_Kong')).toBe('2026-03-01 23:59:59');
    expect(zonedTimeText(at, 'UTC')).toBe('2026-03-01 15:59:59');
  });

  it('covers whole days of the zone, both ends included', () => {
    const p = statementPeriod('2026-03-01', '2026-03-31', 'Asia/Hong_Kong');
    expect(p).toEqual({
      ok: true,
      start: Date.parse('2026-02-28T16:00:00Z'),
      end: Date.parse('2026-03-31T16:00:00Z'),
      days: 31,
    });
  });

  it.each([
    ['2026-03-02', '2026-03-01', 'UTC', 'order'],
    ['2026-02-30', '2026-03-01', 'UTC', 'from'],
    ['2026-03-01', 'soon', 'UTC', 'to'],
    ['2026-03-01', '2026-03-02', 'Nowhere/City', 'tz'],
    ['2025-01-01', '2026-01-02', 'UTC', 'too_long'],
  ])('refuses %s..%s in %s: %s', (from, to, tz, problem) => {
    expect(statementPeriod(from, to, tz)).toEqual({ ok: false, problem });
  });

  it(`allows exactly ${MAX_STATEMENT_DAYS} days`, () => {
    expect(statementPeriod('2024-01-01', '2024-12-31', 'UTC')).toMatchObject({ ok: true, days: 366 });
  });
});
