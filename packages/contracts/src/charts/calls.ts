import { GET, POST, type CallDef } from '../call-def.ts';
import { CHART_PATHS as API } from './paths.ts';
import { chartLayoutAnswer, chartLayoutGetParams, chartLayoutSaveParams } from './schemas.ts';

/** Chart layouts (DESIGN §17): the trader's indicators and drawings per instrument, on every device. */
export const CHART_CALLS = [
  {
    path: API.chartLayout,
    methods: GET,
    auth: 'user',
    tag: 'market',
    summary: "The user's indicators and drawings on one instrument (an empty layout when none is saved)",
    params: chartLayoutGetParams,
    response: chartLayoutAnswer,
  },
  {
    path: API.chartLayout,
    methods: POST,
    auth: 'user',
    tag: 'market',
    summary:
      "Replace the user's indicators and drawings on one instrument: `layout` is `{v: 1, indicators: [...], drawings: [...]}`, JSON of at most 64 KB",
    params: chartLayoutSaveParams,
    response: chartLayoutAnswer,
  },
] as const satisfies readonly CallDef[];
