import { describe, expect, it } from 'vitest';
import { adjustmentBalance, creditChange } from './credit.ts';
import { parseMoney } from './money.ts';
import { equity, freeMargin, isStopOut, withdrawableCash } from './risk.ts';

const usd = (text: string) => parseMoney(text);

describe('creditChange', () => {
  it.each([
    ['0', '50', true, '50'],
    ['50', '-20', true, '30'],
    ['50', '-50', true, '0'],
  ])('credit %s with a bonus of %s: ok %s, credit after %s', (credit, amount, ok, after) => {
    const c = creditChange(usd(credit), usd(amount));
    expect(c.ok).toBe(ok);
    if (c.ok) expect(c.after).toBe(usd(after));
  });

  it('never takes the credit below zero, and refuses nothing to move', () => {
    expect(creditChange(usd('50'), usd('-50.01'))).toEqual({ ok: false, reason: 'above_credit' });
    expect(creditChange(usd('0'), usd('-1'))).toEqual({ ok: false, reason: 'above_credit' });
    expect(creditChange(usd('10'), usd('0'))).toEqual({ ok: false, reason: 'zero' });
  });
});

describe('adjustmentBalance', () => {
  it('sends a bonus to credit and every other kind to cash', () => {
    expect(adjustmentBalance('bonus')).toBe('credit');
    expect(adjustmentBalance('compensation')).toBe('cash');
    expect(adjustmentBalance('correction')).toBe('cash');
  });
});

describe('credit in the figures', () => {
  it('counts in equity (balance + margin + floating + credit)', () => {
    expect(equity({ balance: usd('900'), usedMargin: usd('100'), floating: usd('-50'), credit: usd('200') })).toBe(usd('1150'));
    expect(equity({ balance: usd('900'), usedMargin: usd('100'), floating: usd('-50') })).toBe(usd('950'));
  });

  it('keeps an account above stop-out that would be stopped out without it', () => {
    // Cash 0, margin 100, floating −60: equity 40 (40 %) without credit; 140 (140 %) with 100 of credit.
    const figures = { balance: usd('0'), usedMargin: usd('100'), floating: usd('-60') };
    expect(isStopOut({ equity: equity(figures), usedMargin: usd('100') })).toBe(true);
    expect(isStopOut({ equity: equity({ ...figures, credit: usd('100') }), usedMargin: usd('100') })).toBe(false);
  });

  it.each([
    // cash, floating, credit, free margin, withdrawable
    ['1000', '0', '500', '1000', '1000'],
    ['1000', '-300', '500', '1000', '700'],
    ['1000', '-300', '100', '800', '700'],
    ['1000', '-1200', '100', '0', '0'],
    ['1000', '200', '500', '1000', '1000'],
    ['0', '0', '500', '0', '0'],
  ])('cash %s, floating %s, credit %s: free margin %s, withdrawable %s', (cash, floating, credit, free, withdrawable) => {
    const f = { balance: usd(cash), floating: usd(floating), credit: usd(credit) };
    expect(freeMargin(f)).toBe(usd(free));
    expect(withdrawableCash(f)).toBe(usd(withdrawable));
  });

  it('never lets free margin exceed the cash nor the credit be withdrawn, whatever the figures', () => {
    for (let cash = 0; cash <= 300; cash += 50)
      for (let floating = -400; floating <= 200; floating += 50)
        for (let credit = 0; credit <= 300; credit += 100) {
          const f = { balance: usd(String(cash)), floating: usd(String(floating)), credit: usd(String(credit)) };
          expect(freeMargin(f) <= f.balance).toBe(true);
          expect(withdrawableCash(f)).toBe(freeMargin({ balance: f.balance, floating: f.floating }));
          expect(freeMargin(f) >= withdrawableCash(f)).toBe(true);
        }
  });
});
