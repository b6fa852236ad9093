import { describe, expect, it } from 'vitest';
import { NAMED_PENDING, namedPending, pendingTypeProblem, splitPending } from './pending-type.ts';

/** EURUSD at bid 1.08480, ask 1.08500, in points. */
const market = { bid: 108_480, ask: 108_500 };

describe('named pending orders', () => {
  it.each(NAMED_PENDING)('%s splits into its side and type and back', (name) => {
    const { side, type } = splitPending(name);
    expect(namedPending(side, type)).toBe(name);
  });

  it.each([
    [1, 'limit', '1.08400', '', null],
    [1, 'limit', '1.08600', '', 'wrong_side'],
    [1, 'stop', '1.08600', '', null],
    [1, 'stop', '1.08400', '', 'wrong_side'],
    [2, 'limit', '1.08600', '', null],
    [2, 'limit', '1.08400', '', 'wrong_side'],
    [2, 'stop', '1.08400', '', null],
    [2, 'stop', '1.08600', '', 'wrong_side'],
    [1, 'stop_limit', '1.08600', '1.08550', null],
    [1, 'stop_limit', '1.08600', '', 'stop_limit_price'],
    [1, 'stop_limit', '1.08600', '1.08650', 'stop_limit_side'],
    [1, 'stop_limit', '1.08400', '1.08300', 'wrong_side'],
    [2, 'stop_limit', '1.08400', '1.08450', null],
    [2, 'stop_limit', '1.08400', '1.08400', 'stop_limit_side'],
    [1, 'limit', '', '', 'price'],
    [1, 'limit', 'abc', '', 'price'],
  ] as const)('side %d %s at %s (limit %s): %s', (side, type, price, limit, problem) => {
    expect(pendingTypeProblem(side, type, price, limit, 5, market)).toBe(problem);
  });

  it('leaves the side to the server without a quote', () => {
    expect(pendingTypeProblem(1, 'limit', '1.08600', '', 5, null)).toBeNull();
  });
});
