import { describe, expect, it } from 'vitest';
import { staffCallName } from './denied.ts';

describe('staffCallName: the audit name of a refused staff call', () => {
  it.each([
    ['POST', '/admin/api/withdrawals/:id/approve', 'withdrawal.approve', 'withdrawal'],
    ['POST', '/admin/api/adjustments/:id/reject', 'adjustment.reject', 'adjustment'],
    ['POST', '/admin/api/users/:id/adjust', 'user.adjust', 'user'],
    ['POST', '/admin/api/users/:id/sessions/revoke', 'user.sessions_revoke', 'user'],
    ['POST', '/admin/api/users/:id/notes', 'user.note', 'user'],
    ['POST', '/admin/api/deposit-channels', 'deposit_channel.create', 'deposit_channel'],
    ['POST', '/admin/api/deposit-channels/:id', 'deposit_channel.update', 'deposit_channel'],
    ['POST', '/admin/api/draw-currencies/:id', 'draw_currency.update', 'draw_currency'],
    ['POST', '/admin/api/settings', 'settings.update', 'settings'],
    ['POST', '/admin/api/staff', 'staff.create', 'staff'],
    ['POST', '/admin/api/news/:id/publish', 'news.publish', 'news'],
    ['POST', '/admin/api/changes/:id/approve', 'change.approve', 'change'],
    ['GET', '/admin/api/users/:id', 'user.view', 'user'],
    ['GET', '/admin/api/reports/daily', 'report_daily.view', 'report'],
    ['GET', '/admin/api/audit', 'audit.view', 'audit'],
  ])('%s %s → %s', (method, path, action, object) => {
    expect(staffCallName(method, path)).toEqual({ action, object });
  });
});
