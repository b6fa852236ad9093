import { z } from 'zod';
import { API } from '../api-paths.ts';
import { category, klinePoint, sparklineSeries, tradeItem } from '../responses/market.ts';
import { klineParams, tradeListParams } from '../market-params.ts';
import { GET, type CallDef } from './call-def.ts';

/** Instruments, quotes and candles. */
export const MARKET_CALLS = [
  {
    path: API.tradeList,
    methods: GET,
    auth: 'none',
    tag: 'market',
    summary: 'Instruments with live quotes',
    params: tradeListParams,
    response: z.array(tradeItem),
  },
  {
    path: API.categories,
    methods: GET,
    auth: 'none',
    tag: 'market',
    summary: 'Instrument categories in the request language',
    response: z.array(category),
  },
  {
    path: API.kline,
    methods: GET,
    auth: 'none',
    tag: 'market',
    summary: 'Candles, oldest first; `to` pages back',
    params: klineParams,
    response: z.array(klinePoint),
  },
  {
    path: API.sparklines,
    methods: GET,
    auth: 'none',
    tag: 'market',
    summary: 'Recent closes of every instrument, for sparklines',
    response: z.array(sparklineSeries),
  },
] as const satisfies readonly CallDef[];
