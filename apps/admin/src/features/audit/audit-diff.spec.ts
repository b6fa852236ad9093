import { describe, expect, it } from 'vitest';
import { diffLines } from './audit-page.tsx';

describe('the audit before/after view', () => {
  it('lines up the keys of both sides and marks what changed', () => {
    expect(diffLines({ spread: 12, enabled: true }, { spread: 20, enabled: true })).toEqual([
      { key: 'spread', before: '12', after: '20', changed: true },
      { key: 'enabled', before: 'true', after: 'true', changed: false },
    ]);
    expect(diffLines(null, { leverage: [10, 20] })).toEqual([{ key: 'leverage', before: '—', after: '[10,20]', changed: true }]);
  });

  it('shows a plain value as one line, and nothing when there is neither side', () => {
    expect(diffLines('a', 'b')).toEqual([{ key: '', before: 'a', after: 'b', changed: true }]);
    expect(diffLines(null, null)).toEqual([]);
  });
});
