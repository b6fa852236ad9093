import { describe, expect, it } from 'vitest';
import { applyIncrement, pricePoints, snapshotBook, twoSided } from './md-book.ts';

describe('LP market data → top of book in points', () => {
  it.each([
    ['1.08451', 5, 108_451],
    ['1.1', 5, 110_000],
    ['65000', 2, 6_500_000],
    ['0.1234567', 5, 12_346],
    ['1.000004', 5, 100_000],
    ['2400.555', 2, 240_056],
  ])('reads %s at precision %i as %i points, from the text', (text, precision, points) => {
    expect(pricePoints(text, precision)).toBe(points);
  });

  it.each([undefined, '', 'abc', '-1.2', '1e3', '0', '0.000001', '1.2.3', ' '])('refuses %j as a price', (text) => {
    expect(pricePoints(text, 5)).toBeUndefined();
  });

  it('takes a snapshot (W) as the best bid and best offer, ignoring other entry types and bad prices', () => {
    expect(
      snapshotBook(
        [
          { type: '0', price: '1.08451' },
          { type: '0', price: '1.08440' },
          { type: '1', price: '1.08470' },
          { type: '1', price: '1.08463' },
          { type: '2', price: '1.08455' },
          { type: '1', price: 'oops' },
        ],
        5,
      ),
    ).toEqual({ bid: 108_451, ask: 108_463 });
    expect(snapshotBook([{ type: '0', price: '1.08451' }], 5)).toEqual({ bid: 108_451 });
  });

  it('applies increments (X): new and change set a side, delete empties it', () => {
    let book = snapshotBook([], 5);
    book = applyIncrement(book, { action: '0', type: '0', price: '1.08451' }, 5);
    expect(twoSided(book)).toBeUndefined();
    book = applyIncrement(book, { action: '0', type: '1', price: '1.08463' }, 5);
    expect(twoSided(book)).toEqual({ bid: 108_451, ask: 108_463 });
    book = applyIncrement(book, { action: '1', type: '0', price: '1.08455' }, 5);
    expect(twoSided(book)).toEqual({ bid: 108_455, ask: 108_463 });
    book = applyIncrement(book, { action: '2', type: '1', price: undefined }, 5);
    expect(book).toEqual({ bid: 108_455, ask: undefined });
    expect(applyIncrement(book, { action: '9', type: '0', price: '1.2' }, 5)).toBe(book);
    expect(applyIncrement(book, { action: '1', type: '0', price: 'bad' }, 5)).toBe(book);
  });

  it('is not a quote while crossed', () => {
    expect(twoSided({ bid: 108_470, ask: 108_463 })).toBeUndefined();
    expect(twoSided({ bid: 108_463, ask: 108_463 })).toEqual({ bid: 108_463, ask: 108_463 });
  });
});
