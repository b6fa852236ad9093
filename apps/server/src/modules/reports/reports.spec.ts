import { describe, expect, it } from 'vitest';
import { dailyRows, dayNumber, exactMoney, monthlyRows, reportCsv } from './reports.ts';

describe('reports', () => {
  const nov30 = dayNumber('2026-11-30')!;
  const dec1 = dayNumber('2026-12-01')!;
  const sums = [
    { day: nov30, house: { deposits: -1_000_000_000n, fees: 300_000n, trading: -48_000_000n }, adjustments: 0n },
    { day: dec1, house: { withdrawals: 250_500_000n, writeoffs: -1_234_567n }, adjustments: -5_000_000n },
  ];

  it('reads days strictly and prints exact amounts with at least 2 decimals', () => {
    expect(dayNumber('2026-02-30')).toBeUndefined();
    expect(dayNumber('2026-1-1')).toBeUndefined();
    expect(exactMoney(1_000_000_000n)).toBe('1000.00');
    expect(exactMoney(1_234_567n)).toBe('1.234567');
    expect(exactMoney(-48_000_000n)).toBe('-48.00');
    expect(exactMoney(300_000n)).toBe('0.30');
    expect(exactMoney(0n)).toBe('0.00');
  });

  it('gives every day of the range, signed for the business, and months as sums of their days', () => {
    const days = dailyRows(nov30 - 1, dec1, sums);
    expect(days.map((d) => d.date)).toEqual(['2026-11-29', '2026-11-30', '2026-12-01']);
    expect(days[1]).toEqual({
      date: '2026-11-30',
      deposits: '1000.00',
      withdrawals: '0.00',
      fees: '0.30',
      trading_pnl: '-48.00',
      write_offs: '0.00',
      adjustments: '0.00',
    });
    expect(days[2]).toMatchObject({ withdrawals: '250.50', write_offs: '1.234567', adjustments: '-5.00' });
    expect(monthlyRows(nov30 - 1, dec1, sums).map((m) => [m.month, m.deposits, m.withdrawals])).toEqual([
      ['2026-11', '1000.00', '0.00'],
      ['2026-12', '0.00', '250.50'],
    ]);
  });

  it('writes the CSV with its fixed header', () => {
    const csv = reportCsv('date', dailyRows(nov30, nov30, sums));
    expect(csv).toBe(
      'date,deposits,withdrawals,fees,trading_pnl,write_offs,adjustments\r\n2026-11-30,1000.00,0.00,0.30,-48.00,0.00,0.00\r\n',
    );
  });
});
