import { ACCOUNT_TYPE_ADMIN_PATHS, ACCOUNT_TYPE_PATHS } from './account-types/paths.ts';
import { ACCOUNT_PATHS } from './accounts/paths.ts';
import { ALERT_PATHS } from './alerts/paths.ts';
import { CHART_PATHS } from './charts/paths.ts';
import { CONTENT_PATHS } from './content/paths.ts';
import { COPY_ADMIN_PATHS, COPY_PATHS } from './copy/paths.ts';
import { DESK_ADMIN_PATHS } from './desk/paths.ts';
import { HEDGE_ADMIN_PATHS } from './hedging/paths.ts';
import { LIQUIDITY_ADMIN_PATHS } from './liquidity/paths.ts';
import { MARKET_PATHS } from './market/paths.ts';
import { NOTICE_PATHS } from './notices/paths.ts';
import { STAFF_ADMIN_PATHS } from './staff/paths.ts';
import { SUPPORT_ADMIN_PATHS, SUPPORT_PATHS } from './support/paths.ts';
import { TRADING_PATHS } from './trading/paths.ts';
import { TWO_FACTOR_ADMIN_PATHS, TWO_FACTOR_PATHS } from './twofactor/paths.ts';
import { WALLET_PATHS } from './wallet/paths.ts';

/**
 * REST paths of the spec's §7, relative to the API origin. The server registers these and the app calls these; no
 * path is written anywhere else. Each subject keeps its own beside its calls (`trading/paths.ts`, …); this file only
 * gathers them, and stays free of zod so the apps can import it whole.
 */
export const API = {
  ...ACCOUNT_PATHS,
  ...TRADING_PATHS,
  ...MARKET_PATHS,
  ...WALLET_PATHS,
  ...CONTENT_PATHS,
  ...TWO_FACTOR_PATHS,
  ...SUPPORT_PATHS,
  ...ALERT_PATHS,
  ...NOTICE_PATHS,
  ...ACCOUNT_TYPE_PATHS,
  ...CHART_PATHS,
  ...COPY_PATHS,
} as const;

/** The back office's paths (`/admin/api/…`), gathered the same way. */
export const ADMIN_API = {
  ...STAFF_ADMIN_PATHS,
  ...TWO_FACTOR_ADMIN_PATHS,
  ...SUPPORT_ADMIN_PATHS,
  ...DESK_ADMIN_PATHS,
  ...HEDGE_ADMIN_PATHS,
  ...LIQUIDITY_ADMIN_PATHS,
  ...ACCOUNT_TYPE_ADMIN_PATHS,
  ...COPY_ADMIN_PATHS,
} as const;

/** A path as a client sends it: a contract's `:id` replaced by the record's id. */
export function pathWithId(path: string, id: number | string | undefined): string {
  return id === undefined ? path : path.replace(':id', encodeURIComponent(String(id)));
}
