import { describe, expect, it } from 'vitest';
import { settingsAnswerSchema, settingsParams } from './calls.ts';
import { mapSettings, SETTING_GROUPS, SETTING_KEYS, SETTINGS, type SettingRow } from './table.ts';

/** The refusal's message key and the field it names, as the server's error handler reads them (the first issue). */
const refusal = (body: unknown) => {
  const r = settingsParams.safeParse(body);
  if (r.success) return undefined;
  const issue = r.error.issues[0]!;
  return { key: issue.message, field: issue.code === 'unrecognized_keys' ? issue.keys[0] : issue.path.join('.') };
};

describe('the run-time settings table', () => {
  it.each(SETTING_KEYS)('seeds %s with a value its own validation stores unchanged', (key) => {
    const row: SettingRow = SETTINGS[key];
    expect(row.schema.parse(row.default)).toBe(row.default);
    expect(settingsParams.parse({ [key]: row.default })).toEqual({ [key]: row.default });
  });

  it('offers exactly the values a choice takes, switches as 1 and 0', () => {
    for (const key of SETTING_KEYS) {
      const row: SettingRow = SETTINGS[key];
      if (!row.choices) continue;
      for (const c of row.choices) expect(row.schema.safeParse(c).success, `${key}=${c}`).toBe(true);
      expect(row.schema.safeParse('9').success, `${key}=9`).toBe(false);
    }
    expect(SETTINGS.company_status.schema.parse(true)).toBe('1');
    expect(SETTINGS.withdraw_requires_kyc.schema.parse(0)).toBe('0');
  });

  it('places every setting on the form or on a page of its own, labelled', () => {
    for (const key of SETTING_KEYS) {
      const row: SettingRow = SETTINGS[key];
      expect(row.group === null || SETTING_GROUPS.includes(row.group), key).toBe(true);
      expect(row.label, key).toMatch(/^tp\.[a-z_]+\.[a-z_]+$/);
    }
  });

  it('keys everything derived from it as the table, in its order', () => {
    expect(Object.keys(mapSettings((row) => row.default))).toEqual(SETTING_KEYS);
    expect(Object.keys(settingsAnswerSchema.shape)).toEqual(SETTING_KEYS);
  });
});

describe('the staff call changing settings', () => {
  it('takes any non-empty subset, numbers and switches as JSON, and ignores the cache-buster', () => {
    expect(settingsParams.parse({ margin_call_level: 120, company_type: true, t: '17' })).toEqual({
      margin_call_level: '120',
      company_type: '1',
    });
    expect(settingsParams.parse({ restricted_regions: 'us, kp,US', demo_start_balance: '025000.50' })).toEqual({
      restricted_regions: 'KP,US',
      demo_start_balance: '25000.50',
    });
  });

  it('refuses an empty body, an unknown key or a malformed value whole, naming the field', () => {
    expect(refusal({})).toEqual({ key: 'err.field_invalid', field: '' });
    expect(refusal({ t: 1 })).toEqual({ key: 'err.field_invalid', field: '' });
    expect(refusal({ margin_call_level: 150, no_such_setting: 1 })).toMatchObject({ field: 'no_such_setting' });
    expect(refusal({ site_name: 'A', withdraw_method_hold_hours: 721 })).toEqual({
      key: 'err.field_invalid',
      field: 'withdraw_method_hold_hours',
    });
    expect(refusal({ complaint_email: 'nobody' })).toEqual({ key: 'err.email_invalid', field: 'complaint_email' });
    expect(refusal({ service_link: 'http://example.com' })).toEqual({ key: 'err.field_invalid', field: 'service_link' });
  });
});
