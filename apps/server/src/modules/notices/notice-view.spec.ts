import { describe, expect, it } from 'vitest';
import { noticeFigure, noticeLink, noticeText } from './notice-view.ts';

describe('noticeText', () => {
  const fill = { trigger: 'stop_loss', order_id: 7, symbol: 'EURUSD', side: 1, lots: '1', price: '1.07900', profit: '-60.00' };

  it('writes each kind in the reader’s language', () => {
    expect(noticeText('en', 'fill', fill)).toEqual({
      title: 'Stop-loss hit',
      body: 'EURUSD order #7 closed at 1.07900, P/L -60.00 USD',
    });
    expect(noticeText('hk', 'fill', { ...fill, trigger: 'pending' }).title).toBe('掛單已成交');
    expect(noticeText('de', 'deposit', { approved: false, amount: '40.00', remark: 'x' }).title).toBe('Einzahlung abgelehnt');
    expect(noticeText('en', 'stop_out', { closed: 2, cancelled: 1, level: '48.00' }).body).toMatch(
      /2 position\(s\) closed, 1 pending/,
    );
  });

  it('isolates the figures in Arabic so Latin runs keep their order', () => {
    const body = noticeText('ar', 'deposit', { approved: false, amount: '75.00', remark: 'Proof unreadable' }).body;
    expect(body).toContain('\u206875.00\u2069');
    expect(body).toContain('\u2068Proof unreadable\u2069');
  });

  it('writes prices and amounts as the reader writes numbers, with the digits they came with', () => {
    expect(noticeText('en', 'alert', { symbol: 'BTC/USD', price: '94862.13' }).body).toBe('BTC/USD reached 94,862.13');
    expect(noticeText('de', 'alert', { symbol: 'BTC/USD', price: '94862.13' }).body).toBe('BTC/USD hat 94.862,13 erreicht');
    expect(noticeText('en', 'alert', { symbol: 'EURUSD', price: '1.09000' }).body).toBe('EURUSD reached 1.09000');
    expect(noticeText('hk', 'deposit', { approved: true, amount: '5000.00' }).body).toContain('5,000.00');
    expect(noticeText('en', 'fill', { ...fill, profit: '-1843.27' }).body).toContain('P/L -1,843.27 USD');
    // Latin digits in Arabic too, inside their isolate.
    expect(noticeText('ar', 'deposit', { approved: true, amount: '5000.00' }).body).toContain('\u20685,000.00\u2069');
    expect(noticeFigure('de', 'not a number')).toBe('not a number');
  });

  it('an unknown trigger reads as a pending fill', () => {
    expect(noticeText('en', 'fill', { ...fill, trigger: 'bogus' }).title).toBe('Pending order filled');
  });
});

describe('noticeLink', () => {
  it('opens the screen each kind is about', () => {
    expect(noticeLink('fill', { trigger: 'pending' })).toBe('/order');
    expect(noticeLink('fill', { trigger: 'stop_loss' })).toBe('/mine/history');
    expect(noticeLink('stop_out', {})).toBe('/order');
    expect(noticeLink('alert', { symbol: 'EUR/USD' })).toBe('/trade?symbol=EUR%2FUSD');
    expect(noticeLink('withdrawal', {})).toBe('/mine/wallet');
  });
});

describe('real-name notices (issue 32)', () => {
  it('tells staff’s request for more and the expiry reminders apart from a decision, all opening the real-name page', () => {
    expect(noticeText('en', 'kyc', { more: true, remark: 'A clearer selfie' })).toEqual({
      title: 'More information needed',
      body: 'Staff need more information for your verification: A clearer selfie',
    });
    expect(noticeText('hk', 'kyc', { expiry_days: 30, days: 30, expiry: '2026-12-18' })).toEqual({
      title: '身份證件即將到期',
      body: '你的身份證件將於 2026-12-18 到期，還有 30 天',
    });
    expect(noticeText('en', 'kyc', { approved: false, remark: 'Blurred' }).title).toBe('Identity verification rejected');
    expect(noticeLink('kyc', { more: true, remark: 'x' })).toBe('/mine/auth');
  });
});
