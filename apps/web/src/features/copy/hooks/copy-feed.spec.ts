import { describe, expect, it, vi } from 'vitest';
import type { CopyPush } from './copy-feed.ts';

vi.mock('../../../i18n/i18n.ts', async () => {
  const { flattenMessages, formatMessage } = await import('../../../i18n/messages.ts');
  const en = (await import('../../../i18n/locales/en.json')).default;
  const catalogue = flattenMessages(en);
  return { translate: (key: string, values?: Record<string, string | number>) => formatMessage(catalogue, key, values) };
});

const { copyPushText, copyPushToasted } = await import('./copy-feed.ts');
const push = (over: Partial<CopyPush>): CopyPush => ({
  type: 'COPY',
  strategy_id: 4,
  event: 'fill',
  order_id: 9,
  price: '95072.42',
  lots: '0.05',
  reason: '',
  ...over,
});
/** The sentence without its bidi isolates, as a reader sees it. */
const text = (...args: Parameters<typeof copyPushText>) => copyPushText(...args).replace(/[\u2068\u2069]/g, '');

describe('copyPushText', () => {
  it('tells a fill and a close at the provider’s price, in the language’s separators', () => {
    expect(text(push({}), 'Harbour Majors', 'en')).toBe('Harbour Majors: copied 0.05 lots at 95,072.42');
    expect(text(push({ event: 'close', lots: '0.02' }), 'Harbour Majors', 'de')).toBe(
      'Harbour Majors: closed 0,02 lots at 95.072,42',
    );
  });

  it('tells a skip with its reason, and names an unknown strategy by its number', () => {
    expect(text(push({ event: 'skip', reason: 'copy.skip.market_closed' }), undefined, 'en')).toBe(
      'Strategy #4: not copied. The market was closed.',
    );
  });
});

describe('copyPushToasted', () => {
  it('toasts a close only: a fill or a skip is told by its notice (issue 34)', () => {
    expect(copyPushToasted(push({ event: 'close' }))).toBe(true);
    expect(copyPushToasted(push({}))).toBe(false);
    expect(copyPushToasted(push({ event: 'skip', reason: 'copy.skip.busy' }))).toBe(false);
  });
});
