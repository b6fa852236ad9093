import { describe, expect, it } from 'vitest';
import { answerWait, mayStart } from './command-channel.ts';

describe('the deadline of a forwarded engine command', () => {
  it.each([
    [1000, 999, true],
    [1000, 1000, true],
    [1000, 1001, false],
    [Number.NaN, 0, false],
    [Number.POSITIVE_INFINITY, 0, false],
  ])('deadline %s at %s may start: %s', (deadline, now, ok) => {
    expect(mayStart(deadline, now)).toBe(ok);
  });

  it('is waited for until the deadline plus the grace, never less than the grace', () => {
    expect(answerWait(3000, 1000, 1000)).toBe(3000);
    expect(answerWait(1000, 5000, 1000)).toBe(1000);
  });
});
