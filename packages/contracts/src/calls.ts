import { ACCOUNT_CALLS } from './calls/accounts.ts';
import { ALERT_CALLS } from './calls/alerts.ts';
import type { CallDef } from './calls/call-def.ts';
import { CONTENT_CALLS } from './calls/content.ts';
import { DESK_CALLS } from './calls/desk.ts';
import { MARKET_CALLS } from './calls/market.ts';
import { NOTICE_CALLS } from './calls/notices.ts';
import { STAFF_CALLS } from './calls/staff.ts';
import { SUPPORT_CALLS } from './calls/support.ts';
import { TRADING_CALLS } from './calls/trading.ts';
import { TWO_FACTOR_CALLS } from './calls/twofactor.ts';
import { WALLET_CALLS } from './calls/wallet.ts';

export type { CallDef };

/**
 * Every call the server answers, one entry per path and method group: who may call, its parameters and its answer.
 * The server registers its routes from these entries (apps/server/src/core/router.ts: a route without one does not
 * compile), the OpenAPI document (`docs/openapi.json`, `GET /api/openapi.json`) is generated from them, and the
 * front ends take their types from the same schemas.
 */
export const CONTRACTS = [
  ...ACCOUNT_CALLS,
  ...TRADING_CALLS,
  ...MARKET_CALLS,
  ...WALLET_CALLS,
  ...CONTENT_CALLS,
  ...STAFF_CALLS,
  ...TWO_FACTOR_CALLS,
  ...SUPPORT_CALLS,
  ...DESK_CALLS,
  ...ALERT_CALLS,
  ...NOTICE_CALLS,
] as const satisfies readonly CallDef[];

/** The same list seen as plain call descriptions, for code that walks every call (OpenAPI, tests). */
export const CALLS: readonly CallDef[] = CONTRACTS;
