import { useEffect } from 'react';
import type { DayMarketMessage } from '@tradepad/contracts/market';
import { CHANNEL_DAY_MARKET } from '@tradepad/contracts/realtime';
import { refCounted } from '../lib/ref-counted.ts';
import { realtime } from '../realtime/socket.ts';
import { quoteStore } from './quote-store.ts';

/**
 * Keeps one `DAY_MARKET` subscription feeding the quote store while anything on screen needs live quotes (home,
 * product search, trade). One listener however many screens hold it, so a push is applied once.
 */
export const retainDayMarket: () => () => void = refCounted(() =>
  realtime.subscribe(CHANNEL_DAY_MARKET, (m) => quoteStore.applyMessage(m as Partial<DayMarketMessage>)),
);

/** Live quotes while the calling screen is shown (a hidden keep-alive tab lets go). */
export function useDayMarketFeed(): void {
  useEffect(() => retainDayMarket(), []);
}
