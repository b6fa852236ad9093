import { API } from '../api-paths.ts';
import { cashBalance } from '../responses/accounts.ts';
import { accountSummary, dealList, forexDetail, ledgerPage, orderView, submitResult } from '../responses/trading.ts';
import { dealListParams, ledgerPageParams, orderIdParams, setStopParams, submitParams } from '../trading-params.ts';
import { BOTH, GET, type CallDef } from './call-def.ts';

/** Orders, positions, account figures and the ledger page. */
export const TRADING_CALLS = [
  {
    path: API.resetDemo,
    methods: BOTH,
    auth: 'user',
    tag: 'trading',
    summary: 'Demo only: close and cancel every order, then restore the start balance',
    response: cashBalance,
  },
  {
    path: API.submit,
    methods: BOTH,
    auth: 'user',
    idempotent: true,
    tag: 'trading',
    summary: 'Open a market order or place a pending one (margin and fee taken from the balance)',
    params: submitParams,
    response: submitResult,
  },
  {
    path: API.deals,
    methods: GET,
    auth: 'user',
    tag: 'trading',
    summary: 'Orders by status (0 pending, 1 holding, 3 history), paged, with the P/L total and balance',
    params: dealListParams,
    response: dealList,
  },
  {
    path: API.close,
    methods: BOTH,
    auth: 'user',
    idempotent: true,
    tag: 'trading',
    summary: 'Close a holding order',
    params: orderIdParams,
    response: orderView,
  },
  {
    path: API.cancel,
    methods: BOTH,
    auth: 'user',
    idempotent: true,
    tag: 'trading',
    summary: 'Cancel a pending order',
    params: orderIdParams,
    response: orderView,
  },
  {
    path: API.setStops,
    methods: BOTH,
    auth: 'user',
    idempotent: true,
    tag: 'trading',
    summary: 'Change stop-loss and/or take-profit (a level left out stays, 0 removes it)',
    params: setStopParams,
    response: orderView,
  },
  {
    path: API.accountSummary,
    methods: GET,
    auth: 'user',
    tag: 'trading',
    summary: 'Balance, equity, used and free margin, floating P/L and margin level',
    response: accountSummary,
  },
  {
    path: API.forexDetail,
    methods: GET,
    auth: 'user',
    tag: 'trading',
    summary: 'Cash and locked balances',
    response: forexDetail,
  },
  {
    path: API.ledger,
    methods: GET,
    auth: 'user',
    tag: 'trading',
    summary: 'Entries that moved the cash balance, newest first, paged',
    params: ledgerPageParams,
    response: ledgerPage,
  },
] as const satisfies readonly CallDef[];
