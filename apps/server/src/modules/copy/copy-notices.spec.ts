import { describe, expect, it } from 'vitest';
import { micros } from '@tradepad/domain';
import type { NoticeItem } from '../../ports/notices.ts';
import { silentNotices } from '../../ports/notices.ts';
import { noticeLink, noticeText } from '../notices/notice-view.ts';
import type { CopyTold } from '../trading/copying-types.ts';
import { copyNotice, copyNotices, equityStopData } from './copy-notices.ts';

const fill: CopyTold = {
  followerId: 41,
  strategyId: 3,
  event: 'fill',
  orderId: 907,
  symbol: 'BTC/USD',
  side: 1,
  lots: '0.25',
  price: '94862.13',
  reason: '',
};
const skip: CopyTold = { ...fill, event: 'skip', orderId: 0, side: 2, lots: '0', reason: 'insufficient_margin' };

describe('copy notices (issue 34)', () => {
  it('tells a copy opened with the strategy, the instrument as the app names it, the side, lots and price', () => {
    const n = copyNotice(fill, 'Steady BTC');
    expect(n).toEqual({
      userId: 41,
      kind: 'copy_fill',
      data: {
        strategy_id: 3,
        strategy: 'Steady BTC',
        symbol: 'BTC/USD',
        side: 1,
        lots: '0.25',
        price: '94862.13',
        order_id: 907,
      },
    });
    expect(noticeText('en', n.kind, n.data)).toEqual({
      title: 'Trade copied',
      body: 'Steady BTC: Buy 0.25 BTC/USD opened at 94,862.13 (order #907)',
    });
    expect(noticeText('de', n.kind, n.data).body).toBe('Steady BTC: Kauf 0,25 BTC/USD eröffnet zu 94.862,13 (Order #907)');
    expect(noticeText('hk', n.kind, n.data).title).toBe('已跟單');
  });

  it('tells a skip with its reason in words, in the reader’s language', () => {
    const n = copyNotice(skip, 'Steady BTC');
    expect(n.kind).toBe('copy_skip');
    expect(n.data).toMatchObject({ reason: 'insufficient_margin', side: 2 });
    expect(n.data).not.toHaveProperty('order_id');
    expect(noticeText('en', n.kind, n.data)).toEqual({
      title: 'Trade not copied',
      body: "Steady BTC: Sell BTC/USD at 94,862.13 was not copied. The copy account's free margin cannot cover the copy",
    });
    const reasons = {
      below_min_lot: "below the instrument's minimum lot size",
      market_closed: 'The market was closed',
      busy: 'was busy',
      below_lot_step: 'below one lot step',
    } as const;
    for (const [reason, words] of Object.entries(reasons))
      expect(noticeText('en', 'copy_skip', { ...n.data, reason }).body).toContain(words);
    expect(noticeText('hk', n.kind, n.data).body).toContain('跟單賬戶');
    // A reason the server does not know is left out rather than shown as a key.
    expect(noticeText('en', 'copy_skip', { ...n.data, reason: 'bogus' }).body).toMatch(/was not copied\. $/);
  });

  it('tells the equity stop with the amount returned; each opens the strategy’s page', () => {
    const data = equityStopData(3, 'Steady BTC', micros(299_990_000n));
    expect(data).toEqual({ strategy_id: 3, strategy: 'Steady BTC', amount: '299.99' });
    expect(noticeText('en', 'copy_stop', data)).toEqual({
      title: 'Equity stop reached',
      body: 'Your follow of Steady BTC ended at its equity stop: the copies were closed and 299.99 USD went back to your balance',
    });
    expect(noticeText('ar', 'copy_stop', data).body).toContain('\u2068Steady BTC\u2069');
    expect(noticeLink('copy_stop', data)).toBe('/copy/3');
    expect(noticeLink('copy_fill', copyNotice(fill, 'x').data)).toBe('/copy/3');
    expect(noticeLink('copy_skip', {})).toBe('/rank');
  });

  it('hands a batch to the board at once, a strategy the roster has not seen named by its id', () => {
    const batches: NoticeItem[][] = [];
    const tell = copyNotices({ ...silentNotices, notifyAll: (items) => batches.push([...items]) }, (id) =>
      id === 3 ? 'Steady BTC' : undefined,
    );
    tell([fill, skip, { ...fill, strategyId: 9, followerId: 42 }]);
    expect(batches).toHaveLength(1);
    expect(batches[0]!.map((i) => [i.userId, i.kind, i.data.strategy])).toEqual([
      [41, 'copy_fill', 'Steady BTC'],
      [41, 'copy_skip', 'Steady BTC'],
      [42, 'copy_fill', '#9'],
    ]);
  });
});
