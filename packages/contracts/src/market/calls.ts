import { z } from 'zod';
import { category, favouriteList, instrumentInfo, klinePoint, sparklineSeries, tradeItem } from './answers.ts';
import { favouriteSetParams, instrumentInfoParams, klineParams, tradeListParams } from './params.ts';
import { GET, POST, type CallDef } from '../call-def.ts';
import { MARKET_PATHS as API } from './paths.ts';

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
  {
    path: API.instrumentInfo,
    methods: GET,
    auth: 'none',
    tag: 'market',
    summary: "One instrument's trading sessions and overnight financing, for its info sheet",
    params: instrumentInfoParams,
    response: instrumentInfo,
  },
  {
    path: API.favourites,
    methods: GET,
    auth: 'user',
    tag: 'market',
    summary: "The user's favourite instruments (the markets list's watchlist), oldest first",
    response: favouriteList,
  },
  {
    path: API.favouriteSet,
    methods: POST,
    auth: 'user',
    tag: 'market',
    summary: 'Adds (`on` 1) or removes (`on` 0) a favourite; setting a state, so repeating it changes nothing',
    params: favouriteSetParams,
    response: favouriteList,
  },
] as const satisfies readonly CallDef[];
