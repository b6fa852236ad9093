import { SETTING_KEYS, SETTINGS } from '@tradepad/contracts/settings/table';
import { describe, expect, it } from 'vitest';
import { messagesEn } from '../../i18n/messages.en.ts';
import { messagesHk } from '../../i18n/messages.hk.ts';
import { GROUPS } from './settings-form.ts';

/** The text under a `tp.section.name` key, or undefined. */
const text = (messages: typeof messagesEn, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node !== null && typeof node === 'object' ? Reflect.get(node, part) : undefined), messages);

describe('the run-time settings form', () => {
  const onForm = GROUPS.flatMap((g) => g.fields.map((f) => f.key));

  it('shows every setting of the table once, except those changed on pages of their own', () => {
    expect([...onForm].sort()).toEqual(SETTING_KEYS.filter((k) => SETTINGS[k].group !== null).sort());
    expect(new Set(onForm).size).toBe(onForm.length);
    expect(onForm).not.toContain('withdraw_requires_kyc');
    expect(onForm).not.toContain('exposure_limits');
  });

  it('groups the settings as staff look for them, with the same choices as the server takes', () => {
    expect(GROUPS.map((g) => g.id)).toEqual(['service', 'registration', 'trading', 'company', 'sessions']);
    const company = GROUPS.find((g) => g.id === 'company')!.fields;
    expect(company.map((f) => [f.key, f.choices])).toEqual([
      ['company_status', ['1', '0']],
      ['company_type', ['1', '0']],
      ['loss_url', undefined],
    ]);
  });

  it('names every field, its hint and its choices in English and Traditional Chinese, as before', () => {
    for (const messages of [messagesEn, messagesHk]) {
      for (const g of GROUPS) {
        expect(text(messages, `tp.runtime.group_${g.id}`)).toEqual(expect.any(String));
        for (const f of g.fields) {
          // The labels are the messages the form showed before the table (no visible text changed).
          expect(f.label).toBe(`tp.runtime.${f.key}`);
          for (const key of [f.label, `${f.label}_hint`, ...(f.choices ?? []).map((c) => `${f.label}_${c}`)]) {
            expect(text(messages, key), key).toEqual(expect.any(String));
          }
        }
      }
    }
  });
});
