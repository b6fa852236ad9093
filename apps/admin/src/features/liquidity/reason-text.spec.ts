import { describe, expect, it } from 'vitest';
import { messagesEn } from '../../i18n/messages.en.ts';
import { messagesHk } from '../../i18n/messages.hk.ts';
import { reasonText } from './reason-text.ts';

/** A translate over one message table, as react-admin's polyglot does it (`%{name}` placeholders). */
const over =
  (table: unknown) =>
  (key: string, options: Record<string, string> = {}) => {
    const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], table);
    if (typeof text !== 'string') throw new Error(`no message ${key}`);
    return text.replace(/%\{(\w+)\}/g, (_, name: string) => options[name] ?? '');
  };

describe('reasonText', () => {
  it("words the feed's three reasons in Traditional Chinese, keeping the provider's own text", () => {
    const hk = over(messagesHk);
    expect(reasonText('not mapped in the feed file', hk)).toBe(messagesHk.tp.liquidity.reason_unmapped);
    expect(reasonText('rejected by every session: lp1: unknown symbol', hk)).toContain('lp1: unknown symbol');
    expect(reasonText('rejected by every session: lp1: unknown symbol', hk)).not.toContain('rejected');
    expect(reasonText('rejected by lp2: BTC/USD: not permissioned', hk)).toContain('lp2: BTC/USD: not permissioned');
    expect(reasonText('rejected by lp2: x', hk)).not.toContain('rejected');
  });

  it('reads as the server wrote it in English, and leaves anything else as it came', () => {
    const en = over(messagesEn);
    expect(reasonText('not mapped in the feed file', en)).toBe('Not mapped in the feed file');
    expect(reasonText('something new', en)).toBe('something new');
    expect(reasonText(null, en)).toBe('');
  });
});
