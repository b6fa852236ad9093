import { describe, expect, it } from 'vitest';
import { isMessageOn } from './channels.ts';

describe('isMessageOn', () => {
  const quote = { type: 'DAY_MARKET', symbol: 'EURUSD' };

  it("tells a channel's messages by their type, every type its row lists", () => {
    expect(isMessageOn('DAY_MARKET', quote)).toBe(true);
    expect(isMessageOn('FOREX_TRADE', { type: 'MARGIN_CALL', HazardRate: 80, msg: '' })).toBe(true);
    expect(isMessageOn('EVERY_USER_SOCKET', { type: 'session_revoked' })).toBe(true);
  });

  it("refuses another channel's message and an object without a type", () => {
    expect(isMessageOn('KLINE', quote)).toBe(false);
    expect(isMessageOn('DAY_MARKET', { symbol: 'EURUSD' })).toBe(false);
    expect(isMessageOn('DAY_MARKET', { type: 7 })).toBe(false);
  });
});
