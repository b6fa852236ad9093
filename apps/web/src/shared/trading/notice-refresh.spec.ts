import { describe, expect, it } from 'vitest';
import { noticeChangesOrders } from './notice-refresh.ts';

describe('notices that change the open orders (issue 33)', () => {
  it('a stop limit’s stop reached, and the desk’s stops or partial close, send the app to read its orders again', () => {
    expect(noticeChangesOrders({ kind: 'fill', data: { trigger: 'stop_limit', order_id: 7 } })).toBe(true);
    expect(noticeChangesOrders({ kind: 'desk_close', data: { action: 'stops' } })).toBe(true);
  });

  it('other notices do not (fills and closes have pushes of their own)', () => {
    expect(noticeChangesOrders({ kind: 'fill', data: { trigger: 'pending' } })).toBe(false);
    expect(noticeChangesOrders({ kind: 'fill', data: { trigger: 'stop_loss' } })).toBe(false);
    expect(noticeChangesOrders({ kind: 'alert', data: {} })).toBe(false);
    expect(noticeChangesOrders({ kind: 'fill', data: null })).toBe(false);
    expect(noticeChangesOrders(null)).toBe(false);
  });
});
