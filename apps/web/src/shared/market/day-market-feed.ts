import { useEffect } from 'react';
import type { DayMarketMessage } from '@tradepad/contracts/market';
import { CHANNEL_DAY_MARKET } from '@tradepad/contracts/realtime';
import { realtime } from '../realtime/socket.ts';
import { quoteStore } from './quote-store.ts';

let holders = 0;
let release: (() => void) | null = null;

/**
 * Keeps one `DAY_MARKET` subscription feeding the quote store while anything on screen needs live quotes (home,
 * product search, trade). One listener however many screens hold it, so a push is applied once.
 */
export function retainDayMarket(): () => void {
  holders += 1;
  if (holders === 1) {
    release = realtime.subscribe(CHANNEL_DAY_MARKET, (m) => quoteStore.applyMessage(m as Partial<DayMarketMessage>));
  }
  let done = false;
  return () => {
    if (done) return;
    done = true;
    holders -= 1;
    if (holders === 0) {
      release?.();
      release = null;
    }
  };
}

/** Live quotes while the calling screen is shown (a hidden keep-alive tab lets go). */
export function useDayMarketFeed(): void {
  useEffect(() => retainDayMarket(), []);
}
