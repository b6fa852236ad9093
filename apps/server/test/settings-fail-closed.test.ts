import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_API } from '@tradepad/contracts';
import { startHarness, type Harness } from './harness.ts';
import { staff, type Staff } from './people.ts';

/**
 * Settings calls fail closed (DESIGN §10, issue 17 point 10): any non-empty subset of known keys, numbers as JSON
 * numbers or numeric strings, switches as true/false or 1/0; an empty body, an unknown key or a malformed value refuses
 * the whole body and changes nothing. (An empty body used to switch the withdrawal real-name rule off.)
 */
describe('settings calls fail closed', () => {
  let h: Harness;
  let admin: Staff;
  beforeAll(async () => {
    h = await startHarness();
    admin = await staff(h);
  }, 120_000);
  afterAll(async () => h?.close());

  it('keeps the withdrawal real-name rule on an empty, mistyped or overfull body', async () => {
    expect((await admin.post(ADMIN_API.walletSettings, { withdraw_requires_kyc: true })).data).toEqual({
      withdraw_requires_kyc: true,
      withdraw_method_hold_hours: 24,
    });
    for (const body of [{}, { withdraw_requires_kyc: 'maybe' }, { withdraw_requires_kyc: 0, extra: 1 }, { requires_kyc: 0 }]) {
      const r = await admin.postJson(ADMIN_API.walletSettings, body);
      expect(r.code, JSON.stringify(body)).toBe(0);
    }
    expect((await admin.get(ADMIN_API.walletSettings)).data).toEqual({
      withdraw_requires_kyc: true,
      withdraw_method_hold_hours: 24,
    });
    expect((await admin.postJson(ADMIN_API.walletSettings, { withdraw_requires_kyc: 0 })).data).toEqual({
      withdraw_requires_kyc: false,
      withdraw_method_hold_hours: 24,
    });
  });

  it('takes JSON numbers and switches for run-time settings, and refuses a body with any unknown key whole', async () => {
    const saved = await admin.postJson(ADMIN_API.settings, { margin_call_level: 120, stop_out_level: 40, company_type: true });
    expect(saved.code, saved.msg).toBe(1);
    expect(saved.data).toMatchObject({ margin_call_level: '120', stop_out_level: '40', company_type: '1' });
    const refused = await admin.postJson(ADMIN_API.settings, { margin_call_level: 150, no_such_setting: 1 });
    expect(refused.code).toBe(0);
    expect(refused.msg).toContain('no_such_setting');
    expect((await admin.get(ADMIN_API.settings)).data).toMatchObject({ margin_call_level: '120' });
    expect((await admin.postJson(ADMIN_API.settings, {})).code).toBe(0);
  });
});
