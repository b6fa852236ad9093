import { describe, expect, it } from 'vitest';
import { toBody, toForm, type FieldSpec } from './config-form.ts';

const fields: FieldSpec[] = [
  { name: 'code', label: 'Currency', kind: 'text' },
  { name: 'draw_rate', label: 'Fee', kind: 'decimal' },
  { name: 'precision', label: 'Places', kind: 'int' },
  {
    name: 'type',
    label: 'Type',
    kind: 'select',
    options: [
      { value: 1, label: 'Coin' },
      { value: 2, label: 'Bank' },
    ],
  },
  { name: 'enabled', label: 'Enabled', kind: 'bool' },
  { name: 'protocol', label: 'Network', kind: 'text', optional: true },
];

describe('configuration forms', () => {
  it('sends decimals as exact strings, integers and numeric choices as numbers, checkboxes as booleans', () => {
    const body = toBody({ code: ' USDT ', draw_rate: '0.0025', precision: '6', type: '2', enabled: false, protocol: '' }, fields);
    expect(body).toEqual({ code: 'USDT', draw_rate: '0.0025', precision: 6, type: 2, enabled: false, protocol: '' });
  });

  it('reads numbers the form hands back as they are', () => {
    expect(toBody({ precision: 6, type: 1, draw_rate: '0.5' }, fields)).toMatchObject({
      precision: 6,
      type: 1,
      draw_rate: '0.5',
    });
  });

  it('sends only the fields of the form, never the record id', () => {
    expect(Object.keys(toBody({ id: 3, code: 'X', extra: 'y' } as never, fields)).sort()).toEqual(
      ['code', 'draw_rate', 'enabled', 'precision', 'protocol', 'type'].sort(),
    );
  });

  it('leaves an empty integer empty, so the server names the missing field', () => {
    expect(toBody({ precision: '  ' }, fields).precision).toBe('');
  });

  it('fills the form from a record and back without changing it', () => {
    const row = { id: 3, code: 'BTC', draw_rate: '0.005', precision: 8, type: 1, enabled: true, protocol: 'BTC' };
    const form = toForm(row, fields);
    expect(form).toEqual({ code: 'BTC', draw_rate: '0.005', precision: '8', type: '1', enabled: true, protocol: 'BTC' });
    expect(toBody(form, fields)).toEqual({
      code: 'BTC',
      draw_rate: '0.005',
      precision: 8,
      type: 1,
      enabled: true,
      protocol: 'BTC',
    });
  });
});
