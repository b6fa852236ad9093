import { describe, expect, it } from 'vitest';
import { liveDeadline, secondsLeft } from './use-countdown.ts';

describe('a countdown that outlives a reload (issue 33)', () => {
  const now = 1_800_000_000_000;

  it('goes on from the stored deadline: 42 s left after a reload 18 s into 60', () => {
    const deadline = liveDeadline(String(now + 42_000), now, 60);
    expect(deadline).toBe(now + 42_000);
    expect(secondsLeft(deadline, now)).toBe(42);
    expect(secondsLeft(deadline, now + 41_200)).toBe(1);
    expect(secondsLeft(deadline, now + 42_000)).toBe(0);
  });

  it('forgets a deadline that has passed, lies too far ahead, or is not one', () => {
    expect(liveDeadline(String(now - 1), now, 60)).toBeNull();
    expect(liveDeadline(String(now + 61_000), now, 60)).toBeNull();
    expect(liveDeadline('soon', now, 60)).toBeNull();
    expect(liveDeadline(null, now, 60)).toBeNull();
    expect(secondsLeft(null, now)).toBe(0);
  });
});
