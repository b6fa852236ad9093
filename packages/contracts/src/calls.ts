import { ACCOUNT_TYPE_CALLS } from './account-types/calls.ts';
import { ACCOUNT_CALLS } from './accounts/calls.ts';
import { ALERT_CALLS } from './alerts/calls.ts';
import type { CallDef } from './call-def.ts';
import { CHART_CALLS } from './charts/calls.ts';
import { CONTENT_CALLS } from './content/calls.ts';
import { COPY_CALLS } from './copy/calls.ts';
import { DESK_CALLS } from './desk/calls.ts';
import { HEDGE_CALLS } from './hedging/calls.ts';
import { LIQUIDITY_CALLS } from './liquidity/calls.ts';
import { MARKET_CALLS } from './market/calls.ts';
import { NOTICE_CALLS } from './notices/calls.ts';
import { SETTINGS_CALLS } from './settings/calls.ts';
import { CHANGE_CALLS } from './staff/changes-calls.ts';
import { STAFF_CALLS } from './staff/calls.ts';
import { CONTENT_ADMIN_CALLS } from './staff/content-calls.ts';
import { OPS_CALLS } from './staff/ops-calls.ts';
import { REVIEW_CALLS } from './staff/review-calls.ts';
import { USER_ADMIN_CALLS } from './staff/users-calls.ts';
import { WALLET_CONFIG_CALLS } from './staff/wallet-config-calls.ts';
import { SUPPORT_CALLS } from './support/calls.ts';
import { TRADING_CALLS } from './trading/calls.ts';
import { TWO_FACTOR_CALLS } from './twofactor/calls.ts';
import { WALLET_CALLS } from './wallet/calls.ts';

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
  // STAFF_CALLS to USER_ADMIN_CALLS: the back office by subject, in the OpenAPI document's order.
  ...STAFF_CALLS,
  ...REVIEW_CALLS,
  ...WALLET_CONFIG_CALLS,
  ...CONTENT_ADMIN_CALLS,
  ...SETTINGS_CALLS,
  ...OPS_CALLS,
  ...USER_ADMIN_CALLS,
  ...CHANGE_CALLS,
  ...TWO_FACTOR_CALLS,
  ...SUPPORT_CALLS,
  ...DESK_CALLS,
  ...HEDGE_CALLS,
  ...LIQUIDITY_CALLS,
  ...ALERT_CALLS,
  ...NOTICE_CALLS,
  ...ACCOUNT_TYPE_CALLS,
  ...CHART_CALLS,
  ...COPY_CALLS,
] as const satisfies readonly CallDef[];

/** The same list seen as plain call descriptions, for code that walks every call (OpenAPI, tests). */
export const CALLS: readonly CallDef[] = CONTRACTS;
