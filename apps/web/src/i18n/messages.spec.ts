import { describe, expect, it } from 'vitest';
import { flattenMessages, formatMessage } from './messages.ts';

describe('flattenMessages', () => {
  it('gives every message its dotted key, however deep', () => {
    const c = flattenMessages({ app: { name: 'Tradepad' }, ticket: { problem: { lots_invalid: 'Bad lots' } }, ok: 'OK' });
    expect([...c]).toEqual([
      ['app.name', 'Tradepad'],
      ['ticket.problem.lots_invalid', 'Bad lots'],
      ['ok', 'OK'],
    ]);
  });
});

describe('formatMessage', () => {
  const c = flattenMessages({
    order: { placed: 'Bought {{lots}} lots of {{code}}', again: '{{code}} and {{ code }} again' },
    plain: 'No {{braces}} needed',
  });

  it('fills each placeholder with its value, numbers included', () => {
    expect(formatMessage(c, 'order.placed', { lots: 0.5, code: 'EURUSD' })).toBe('Bought 0.5 lots of EURUSD');
    expect(formatMessage(c, 'order.again', { code: 'XAUUSD' })).toBe('XAUUSD and XAUUSD again');
  });

  it('inserts values as they are: text, not markup, and no second round of placeholders', () => {
    expect(formatMessage(c, 'order.placed', { lots: '<b>1</b>', code: '{{lots}}' })).toBe('Bought <b>1</b> lots of {{lots}}');
  });

  it('leaves a placeholder without a value empty, and a message asked for without values as written', () => {
    expect(formatMessage(c, 'order.placed', { lots: 1 })).toBe('Bought 1 lots of ');
    expect(formatMessage(c, 'plain')).toBe('No {{braces}} needed');
  });

  it('answers an unknown key, or no catalogue yet, with the key itself', () => {
    expect(formatMessage(c, 'order.missing')).toBe('order.missing');
    expect(formatMessage(c, 'order')).toBe('order');
    expect(formatMessage(undefined, 'app.name')).toBe('app.name');
  });
});
