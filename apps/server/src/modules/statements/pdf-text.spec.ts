import { describe, expect, it } from 'vitest';
import { isolateLtr, visualRuns } from './pdf-text.ts';

const texts = (text: string, lang: Parameters<typeof visualRuns>[1]) => visualRuns(text, lang).map((r) => [r.face, r.text]);

describe('visualRuns', () => {
  it('keeps a left-to-right line in one run per font', () => {
    expect(texts('Account: trader@example.com', 'en')).toEqual([['latin', 'Account: trader@example.com']]);
    expect(texts('賬戶: a@b.com', 'hk')).toEqual([['hk', '賬戶: a@b.com']]);
    expect(texts('บัญชี: 12', 'th')).toEqual([
      ['thai', 'บัญชี: '],
      ['latin', '12'],
    ]);
  });

  it('lays Arabic words out right to left, each word in logical order for fontkit to shape', () => {
    // "Closed trades": the first word read is the rightmost.
    expect(texts('الصفقات المغلقة', 'ar')).toEqual([
      ['arabic', 'المغلقة'],
      ['arabic', ' '],
      ['arabic', 'الصفقات'],
    ]);
  });

  it('keeps an isolated date range left to right inside an Arabic line, at its left end', () => {
    expect(texts(`الفترة: ${isolateLtr('2026-03-01 – 2026-03-31')}`, 'ar')).toEqual([
      ['latin', '2026-03-01 – 2026-03-31'],
      ['arabic', ' '],
      ['arabic', 'الفترة:'],
    ]);
  });

  it('reads a cell without Arabic letters left to right in an Arabic document', () => {
    expect(texts('2026-03-01 18:00:00', 'ar')).toEqual([['latin', '2026-03-01 18:00:00']]);
  });
});
