import { describe, expect, it } from 'vitest';
import { lots } from './lots.ts';
import { micros } from './money.ts';
import {
  breakEvenOk,
  expired,
  expiryOk,
  partialCloseCheck,
  positionStopLossOk,
  splitProRata,
  trailedStop,
  trailingStopLevel,
  trailingTriggerLevel,
} from './orders.ts';
import type { Side } from './trading.ts';

const q = (bid: number, ask: number) => ({ bid, ask });

describe('trailing stop: set at once behind the market, then moved only in the trader’s favour', () => {
  it.each([
    // side, bid, ask, distance, level
    [1, 10_000, 10_020, 100, 9_900], // buy: bid − distance
    [2, 10_000, 10_020, 100, 10_120], // sell: ask + distance
    [1, 100, 120, 100, undefined], // a buy's level at 0: none
    [1, 100, 120, 150, undefined],
    [2, 1, 3, 1, 4],
  ] as const)('side %d bid %d ask %d distance %d → %s', (side, bid, ask, d, level) => {
    expect(trailingStopLevel(side as Side, q(bid, ask), d)).toBe(level);
  });

  it.each([
    // side, current stop, bid, ask, distance, new stop
    [1, 9_900, 10_050, 10_070, 100, 9_950], // the bid rose: the buy's stop follows
    [1, 9_900, 9_990, 10_010, 100, 9_900], // the bid fell: it stays
    [1, 9_900, 10_000, 10_020, 100, 9_900], // unchanged market: unchanged
    [1, 0, 10_000, 10_020, 100, 9_900], // no stop yet: set
    [2, 10_120, 9_950, 9_970, 100, 10_070], // the ask fell: the sell's stop follows
    [2, 10_120, 10_100, 10_120, 100, 10_120], // the ask rose: it stays
    [2, 0, 10_000, 10_020, 100, 10_120], // a sell without a stop: set
  ] as const)('side %d stop %d on %d/%d distance %d → %d', (side, cur, bid, ask, d, next) => {
    expect(trailedStop(side as Side, cur, q(bid, ask), d)).toBe(next);
  });

  it.each([
    [1, 9_900, 100, 10_001], // a buy's trail moves once the bid passes stop + distance
    [2, 10_120, 100, 10_019], // a sell's once the ask falls under stop − distance
    [2, 50, 100, undefined],
  ] as const)('side %d stop %d distance %d moves at %s', (side, sl, d, level) => {
    expect(trailingTriggerLevel(side as Side, sl, d)).toBe(level);
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses a distance of %d as a programming error', (d) => {
    expect(() => trailingStopLevel(1, q(10, 12), d)).toThrow(RangeError);
  });
});

describe('stop-loss of an open position, and break-even', () => {
  it.each([
    // side, stop, bid, ask, allowed
    [1, 9_999, 10_000, 10_020, true], // below the bid, whatever the entry
    [1, 10_000, 10_000, 10_020, false], // at the bid: would fire at once
    [1, 0, 10_000, 10_020, true], // none
    [1, -5, 10_000, 10_020, false],
    [2, 10_021, 10_000, 10_020, true],
    [2, 10_020, 10_000, 10_020, false],
  ] as const)('side %d stop %d on %d/%d: %s', (side, sl, bid, ask, ok) => {
    expect(positionStopLossOk(side as Side, sl, q(bid, ask))).toBe(ok);
  });

  it.each([
    // side, entry, bid, ask, possible
    [1, 10_000, 10_001, 10_021, true],
    [1, 10_000, 10_000, 10_020, false], // not yet beyond the entry
    [1, 10_000, 9_990, 10_010, false],
    [2, 10_000, 9_970, 9_999, true],
    [2, 10_000, 9_980, 10_000, false],
  ] as const)('side %d entry %d on %d/%d: %s', (side, entry, bid, ask, ok) => {
    expect(breakEvenOk(side as Side, entry, q(bid, ask))).toBe(ok);
  });
});

describe('partial close', () => {
  const rules = { step: lots(100), min: lots(100) }; // 0.01 lot steps and minimum
  it.each([
    [500, 1_000, 'ok'],
    [900, 1_000, 'ok'],
    [1_000, 1_000, 'not_less'],
    [1_100, 1_000, 'not_less'],
    [0, 1_000, 'not_positive'],
    [150, 1_000, 'off_step'],
  ] as const)('%d of %d lots (×10⁻⁴): %s', (part, size, verdict) => {
    expect(partialCloseCheck(lots(part), lots(size), rules)).toBe(verdict);
  });

  it('leaves at least the minimum open', () => {
    expect(partialCloseCheck(lots(900), lots(1_000), { step: lots(100), min: lots(200) })).toBe('rest_below_min');
  });

  it.each([
    // amount, part, size, closed share, rest
    [1_000_000, 1, 2, 500_000, 500_000],
    [1_000_001, 1, 3, 333_333, 666_668], // rounded down for the closed part; the rest keeps the remainder
    [7, 2, 3, 4, 3],
    [0, 1, 4, 0, 0],
  ] as const)('%d split %d/%d → %d + %d', (amount, part, size, share, rest) => {
    const s = splitProRata(micros(amount), lots(part), lots(size));
    expect([s.part, s.rest]).toEqual([BigInt(share), BigInt(rest)]);
    expect(s.part + s.rest).toBe(BigInt(amount));
  });
});

describe('pending expiry', () => {
  const now = Date.UTC(2026, 10, 18, 12, 0, 0);
  it.each([
    [0, true], // until cancelled
    [now / 1000 + 1, true],
    [now / 1000, false], // now is not in the future
    [now / 1000 - 60, false],
    [now / 1000 + 20 * 366 * 86_400, false], // absurd
    [1.5, false],
  ])('expire_at %d valid: %s', (at, ok) => {
    expect(expiryOk(at, now)).toBe(ok);
  });
  it.each([
    [0, false],
    [now / 1000, true],
    [now / 1000 + 1, false],
    [now / 1000 - 1, true],
  ])('expire_at %d expired: %s', (at, done) => {
    expect(expired(at, now)).toBe(done);
  });
});
