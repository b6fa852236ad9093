import { describe, expect, it } from 'vitest';
import { changesOf } from './instruments-page.tsx';
import { changedSettings } from '../settings/runtime-settings.tsx';

const draft = {
  spread: '12',
  fee_rate: '3',
  leverage: '10, 20',
  min_lots: '0.01',
  max_lots: '50',
  lot_step: '0.01',
  swap_long: '0',
  swap_short: '0',
  swap_triple_day: '3',
  category_id: '1',
  hours: '{"timeZone":"UTC","sessions":[],"rollover":0}',
  pricing: 'fixed',
  markup: '0',
  enabled: true,
  close_only: false,
  hedge_mode: 'none',
  hedge_threshold_lots: '0',
  hedge_tolerance: '0',
};

describe('what the console sends', () => {
  it('sends only the instrument fields that changed, trimmed, hours as JSON', () => {
    expect(changesOf(draft, draft)).toEqual({});
    expect(
      changesOf(draft, { ...draft, spread: ' 20 ', close_only: true, hours: '{"timeZone":"UTC","sessions":[],"rollover":1}' }),
    ).toEqual({ spread: '20', close_only: true, hours: { timeZone: 'UTC', sessions: [], rollover: 1 } });
    expect(changesOf(draft, { ...draft, pricing: 'markup', markup: ' 3' })).toEqual({ pricing: 'markup', markup: '3' });
    expect(changesOf(draft, { ...draft, hedge_mode: 'net', hedge_threshold_lots: ' 2.5 ' })).toEqual({
      hedge_mode: 'net',
      hedge_threshold_lots: '2.5',
    });
  });

  it('sends only the settings that changed', () => {
    expect(changedSettings({ a: '1', b: '2' }, { a: '1', b: '3' })).toEqual({ b: '3' });
  });
});
