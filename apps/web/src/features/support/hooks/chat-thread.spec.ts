import { describe, expect, it } from 'vitest';
import type { SupportMessage } from '@tradepad/contracts/support/schemas';
import { threadOf, withMessage } from './chat-thread.ts';

const msg = (id: number, from: 'user' | 'staff' = 'user'): SupportMessage => ({
  id,
  user_id: 7,
  from,
  text: `m${id}`,
  created_at: 1_700_000_000_000 + id,
});

describe('the support thread', () => {
  it('lists pages (newest first, overlapping) and live messages oldest first, each once', () => {
    const page1 = [msg(9), msg(8), msg(7)];
    // Two messages arrived before page 2 was loaded: it starts with what page 1 already had.
    const page2 = [msg(7), msg(6), msg(5)];
    const live = [msg(9), msg(10, 'staff')];
    expect(threadOf([page1, page2], live).map((m) => m.id)).toEqual([5, 6, 7, 8, 9, 10]);
  });

  it('adds a pushed or answered message once', () => {
    const live = withMessage([], msg(3, 'staff'));
    expect(withMessage(live, msg(3, 'staff'))).toHaveLength(1);
    expect(withMessage(live, msg(4))).toHaveLength(2);
  });
});
