import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  CHART_LAYOUT_MAX_BYTES,
  DRAWING_KINDS,
  INDICATOR_TYPES,
  chartLayoutBytes,
  type ChartLayout,
  type ChartLayoutAnswer,
} from '@tradepad/contracts';
import { startHarness, type Envelope, type Harness } from './harness.ts';
import { demoUser, type TestUser } from './people.ts';

/**
 * Chart layouts (issue 33 point 4, DESIGN §17): a user's indicators and drawings per instrument, saved as JSON and read
 * back on any device; validated (schema and 64 KB) with clear messages; one user never sees another's.
 */
describe('chart layouts', () => {
  let h: Harness;
  let a: TestUser;
  let b: TestUser;
  const LAYOUT: ChartLayout = {
    v: 1,
    indicators: [
      { key: 'i1', type: 'bb', color: '#1c7ed6', period: 20, deviations: 2.5 },
      { key: 'i2', type: 'macd', color: '#7048e8', fast: 8, slow: 21, signal: 5 },
      { key: 'i3', type: 'stoch', color: '#f08c00', k: 14, d: 3, slowing: 3 },
    ],
    drawings: [
      { key: 'd1', kind: 'hline', color: '#e03131', points: [{ time: 1_767_225_600, price: 95_000.5 }] },
      {
        key: 'd2',
        kind: 'fib',
        color: '#2f9e44',
        points: [
          { time: 1_767_225_600, price: 90_000 },
          { time: 1_767_312_000, price: 99_000 },
        ],
      },
      { key: 'd3', kind: 'text', color: '#000000', points: [{ time: 1_767_225_600, price: 91_000 }], text: '支撐 — support' },
    ],
  };
  /** POST with a JSON body, as the app sends a layout. */
  const saveJson = async (u: TestUser, body: unknown, lang = 'en'): Promise<Envelope> =>
    (
      await h.app.inject({
        method: 'POST',
        url: API.chartLayout,
        payload: body as Record<string, unknown>,
        headers: { authorization: u.token, lang, 'content-type': 'application/json' },
      })
    ).json() as Envelope;

  beforeAll(async () => {
    h = await startHarness({ env: { HISTORY_DAYS: '1', HISTORY_LONG_DAYS: '2' } });
    a = await demoUser(h);
    b = await demoUser(h);
  }, 120_000);
  afterAll(async () => h?.close());

  it('answers an empty layout before any is saved, and needs a signed-in user', async () => {
    const r = await a.get(API.chartLayout, { forex_id: 1 });
    expect(r.code, r.msg).toBe(1);
    expect(r.data).toEqual({ forex_id: 1, layout: { v: 1, indicators: [], drawings: [] }, updated_at: 0 });
    expect((await h.call('GET', API.chartLayout, { forex_id: 1 })).code).not.toBe(1);
  });

  it('saves and reads back a layout per instrument, replacing the previous one', async () => {
    const saved = await saveJson(a, { forex_id: 1, layout: LAYOUT });
    expect(saved.code, saved.msg).toBe(1);
    const back = (await a.get(API.chartLayout, { forex_id: 1 })).data as ChartLayoutAnswer;
    expect(back.layout).toEqual(LAYOUT);
    expect(back.updated_at).toBeGreaterThan(0);
    // Another instrument is untouched; a second save replaces the first.
    expect(((await a.get(API.chartLayout, { forex_id: 2 })).data as ChartLayoutAnswer).layout.drawings).toEqual([]);
    const fewer = { ...LAYOUT, drawings: LAYOUT.drawings.slice(0, 1) };
    expect((await saveJson(a, { forex_id: 1, layout: fewer })).code).toBe(1);
    expect(((await a.get(API.chartLayout, { forex_id: 1 })).data as ChartLayoutAnswer).layout).toEqual(fewer);
    // A form-encoded save carries the layout as JSON text.
    const form = await a.post(API.chartLayout, { forex_id: 2, layout: JSON.stringify(LAYOUT) });
    expect(form.code, form.msg).toBe(1);
    expect(((await a.get(API.chartLayout, { forex_id: 2 })).data as ChartLayoutAnswer).layout).toEqual(LAYOUT);
  });

  it('keeps every one of the 7 indicators with its settings and the 6 drawings, per user and instrument', async () => {
    const t = 1_767_225_600;
    const two = (p: number, q: number) => [
      { time: t, price: p },
      { time: t + 86_400, price: q },
    ];
    const every: ChartLayout = {
      v: 1,
      indicators: [
        { key: 'ma', type: 'ma', color: '#1c7ed6', period: 50 },
        { key: 'ema', type: 'ema', color: '#7048e8', period: 21 },
        { key: 'bb', type: 'bb', color: '#f08c00', period: 30, deviations: 2.5 },
        { key: 'rsi', type: 'rsi', color: '#2f9e44', period: 9 },
        { key: 'macd', type: 'macd', color: '#e03131', fast: 8, slow: 21, signal: 5 },
        { key: 'stoch', type: 'stoch', color: '#0c8599', k: 9, d: 4, slowing: 2 },
        { key: 'atr', type: 'atr', color: '#5c940d', period: 10 },
      ],
      drawings: [
        { key: 'h', kind: 'hline', color: '#e03131', points: [{ time: t, price: 95_000 }] },
        { key: 't', kind: 'trend', color: '#1c7ed6', points: two(90_000, 96_000) },
        { key: 'r', kind: 'ray', color: '#7048e8', points: two(91_000, 92_000) },
        { key: 'q', kind: 'rect', color: '#f08c00', points: two(93_000, 94_000) },
        { key: 'f', kind: 'fib', color: '#2f9e44', points: two(89_000, 99_000) },
        { key: 'x', kind: 'text', color: '#000000', points: [{ time: t, price: 97_000 }], text: 'Widerstand' },
      ],
    };
    expect(every.indicators.map((i) => i.type).sort()).toEqual([...INDICATOR_TYPES].sort());
    expect(every.drawings.map((d) => d.kind).sort()).toEqual([...DRAWING_KINDS].sort());
    const u = await demoUser(h);
    const saved = await saveJson(u, { forex_id: 3, layout: every });
    expect(saved.code, saved.msg).toBe(1);
    // Read back as saved, as another device of the same user reads it; the instrument next to it and another user see none.
    expect(((await u.get(API.chartLayout, { forex_id: 3 })).data as ChartLayoutAnswer).layout).toEqual(every);
    expect(((await u.get(API.chartLayout, { forex_id: 4 })).data as ChartLayoutAnswer).layout.drawings).toEqual([]);
    expect(((await a.get(API.chartLayout, { forex_id: 3 })).data as ChartLayoutAnswer).layout.indicators).toEqual([]);
  });

  it('keeps each user’s layouts their own', async () => {
    expect(((await b.get(API.chartLayout, { forex_id: 1 })).data as ChartLayoutAnswer).layout.indicators).toEqual([]);
    const mine = { v: 1, indicators: [{ key: 'x', type: 'rsi', color: '#123456', period: 9 }], drawings: [] };
    expect((await saveJson(b, { forex_id: 1, layout: mine })).code).toBe(1);
    expect(((await b.get(API.chartLayout, { forex_id: 1 })).data as ChartLayoutAnswer).layout).toEqual(mine);
    expect(((await a.get(API.chartLayout, { forex_id: 1 })).data as ChartLayoutAnswer).layout.indicators).toHaveLength(3);
  });

  it('refuses a layout over 64 KB with a clear message, in the reader’s language, and stores nothing', async () => {
    const drawings = Array.from({ length: 400 }, (_, i) => ({
      key: `t${i}`,
      kind: 'text',
      color: '#000000',
      points: [{ time: 1_767_225_600, price: 1 }],
      text: 'x'.repeat(180),
    }));
    const big = { v: 1, indicators: [], drawings };
    expect(chartLayoutBytes(big)).toBeGreaterThan(CHART_LAYOUT_MAX_BYTES);
    const r = await saveJson(b, { forex_id: 1, layout: big });
    expect(r.code).not.toBe(1);
    expect(r.msg).toBe('The chart layout is too large: at most 64 KB of indicators and drawings');
    expect((await saveJson(b, { forex_id: 1, layout: big }, 'hk')).msg).toBe('圖表佈局過大：指標和繪圖合共最多 64 KB');
    expect(((await b.get(API.chartLayout, { forex_id: 1 })).data as ChartLayoutAnswer).layout.indicators).toHaveLength(1);
    // Just under the limit (and within the schema's counts) is taken.
    const near = { v: 1, indicators: [], drawings: drawings.slice(0, 200) };
    expect(chartLayoutBytes(near)).toBeLessThanOrEqual(CHART_LAYOUT_MAX_BYTES);
    expect((await saveJson(b, { forex_id: 1, layout: near })).code).toBe(1);
  });

  it('refuses layouts that do not follow the schema, naming the field, and unknown instruments', async () => {
    const cases: Array<[unknown, string]> = [
      [{ ...LAYOUT, indicators: [{ key: 'a', type: 'rsi', color: '#112233', period: 0 }] }, 'layout.indicators.0.period'],
      [{ ...LAYOUT, indicators: [{ key: 'a', type: 'volume', color: '#112233' }] }, 'layout.indicators.0.type'],
      [{ ...LAYOUT, indicators: [{ key: 'a', type: 'ma', color: 'red', period: 5 }] }, 'layout.indicators.0.color'],
      [{ ...LAYOUT, drawings: [{ key: 'd', kind: 'hline', color: '#112233', points: [] }] }, 'layout.drawings.0.points'],
      [
        { ...LAYOUT, drawings: [{ key: 'd', kind: 'trend', color: '#112233', points: [{ time: 1, price: 1 }] }] },
        'layout.drawings.0',
      ],
      [{ ...LAYOUT, v: 2 }, 'layout.v'],
      [{ ...LAYOUT, extra: 1 }, 'extra'],
      ['not json', 'layout'],
    ];
    for (const [layout, field] of cases) {
      const r = await saveJson(a, { forex_id: 1, layout });
      expect(r.code, field).not.toBe(1);
      expect(r.msg).toBe(`The chart layout is not valid (${field})`);
    }
    expect((await saveJson(a, { forex_id: 1 })).msg).toBe('The chart layout is not valid (layout)');
    expect((await saveJson(a, { forex_id: 9999, layout: LAYOUT })).msg).toBe('This instrument does not exist');
    expect((await a.get(API.chartLayout, { forex_id: 9999 })).msg).toBe('This instrument does not exist');
  });
});
