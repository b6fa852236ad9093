import { describe, expect, it } from 'vitest';
import { LANGS } from '@tradepad/contracts/languages';
import {
  allTexts,
  completeLangs,
  escapeHtml,
  fromLocalInput,
  isComplete,
  isEmptyHtml,
  isPartial,
  listTitle,
  textsToSave,
  toLocalInput,
} from './news-text.ts';

describe('the news editor’s texts', () => {
  it('calls a language complete with a title and content, partial when only started', () => {
    expect(isComplete({ title: 'T', desc: '', content: '<p>x</p>' })).toBe(true);
    expect(isComplete({ title: 'T', desc: 'd', content: '<p></p>' })).toBe(false);
    expect(isComplete({ title: ' ', desc: '', content: '<p>x</p>' })).toBe(false);
    expect(isPartial({ title: 'T', desc: '', content: '<p> &nbsp;</p>' })).toBe(true);
    expect(isPartial({ title: '', desc: '', content: '<p></p>' })).toBe(false);
    expect(isPartial({ title: 'T', desc: '', content: '<p>x</p>' })).toBe(false);
    expect(isEmptyHtml('<ul><li><p></p></li></ul>')).toBe(true);
  });

  it('counts complete languages in the app’s order and gives all 14 tabs', () => {
    const texts = allTexts({
      en: { title: 'A', content: '<p>a</p>' },
      hk: { title: '甲', content: '<p>甲</p>' },
      de: { title: 'B' },
    });
    expect(Object.keys(texts)).toEqual([...LANGS]);
    expect(completeLangs(texts)).toEqual(['hk', 'en']);
    expect(texts.fr).toEqual({ title: '', desc: '', content: '' });
  });

  it('sends only the languages written in, trimmed, with an empty editor as no content', () => {
    const texts = allTexts({
      en: { title: ' A ', desc: ' d ', content: '<p>a</p>' },
      jp: { content: '<p></p>' },
      de: { title: 'B', content: '<p></p>' },
    });
    expect(textsToSave(texts)).toEqual({
      en: { title: 'A', desc: 'd', content: '<p>a</p>' },
      de: { title: 'B', desc: '', content: '' },
    });
  });

  it('names an article by its English title, else Chinese, else any', () => {
    expect(listTitle({ hk: { title: '甲' }, en: { title: 'A' } })).toBe('A');
    expect(listTitle({ hk: { title: '甲' } })).toBe('甲');
    expect(listTitle({ fr: { title: 'F' } })).toBe('F');
    expect(listTitle({})).toBe('');
  });

  it('reads and writes the schedule field in the browser’s time zone', () => {
    const ms = new Date(2026, 10, 20, 9, 30).getTime();
    expect(toLocalInput(ms)).toBe('2026-11-20T09:30');
    expect(fromLocalInput('2026-11-20T09:30')).toBe(ms);
    expect(fromLocalInput('')).toBeUndefined();
    expect(fromLocalInput('tomorrow')).toBeUndefined();
    expect(escapeHtml('<b>"x" & \'y\'</b>')).toBe('&lt;b&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/b&gt;');
  });
});
