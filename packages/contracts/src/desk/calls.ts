import { STAFF_ACCESS as ROLES } from '../staff/constants.ts';
import { adminPageOf } from '../staff/review.ts';
import {
  closePositionParams,
  dashboardSchema,
  deskCloseSchema,
  deskPositionSchema,
  deskStopsParams,
  deskStopsSchema,
  exposureSchema,
  positionsParams,
  riskSchema,
} from './schemas.ts';
import { GET, POST, type CallDef } from '../call-def.ts';
import { DESK_ADMIN_PATHS as ADMIN_API } from './paths.ts';

/**
 * The back office's trading desk, risk page and dashboard (DESIGN §11). Staff see positions and close them at the
 * market like their owner would; nothing here sets a price or an outcome for anyone.
 */
export const DESK_CALLS = [
  {
    path: ADMIN_API.positions,
    methods: GET,
    auth: 'staff',
    roles: ROLES.dealer,
    tag: 'backoffice',
    summary:
      'Open positions (status 1) or pending orders (status 0) of every trader, with owner and live P/L; `format=csv` downloads every matching row',
    params: positionsParams,
    response: adminPageOf(deskPositionSchema),
  },
  {
    path: `${ADMIN_API.positions}/:id/close`,
    methods: POST,
    auth: 'staff',
    idempotent: true,
    roles: ROLES.dealer,
    tag: 'backoffice',
    summary:
      "Close a trader's position, or `cont` lots of it, at the market (the published quote, as the trader's own close), ClosedType 5, exactly once; audited with the reason and told to the trader",
    params: closePositionParams,
    response: deskCloseSchema,
  },
  {
    path: `${ADMIN_API.positions}/:id/stops`,
    methods: POST,
    auth: 'staff',
    idempotent: true,
    roles: ROLES.dealer,
    tag: 'backoffice',
    summary:
      "Change a trader's stop-loss and take-profit on their behalf, checked as the trader's own change; audited with the reason and told to the trader",
    params: deskStopsParams,
    response: deskStopsSchema,
  },
  {
    path: ADMIN_API.exposure,
    methods: GET,
    auth: 'staff',
    roles: ROLES.dealer,
    tag: 'backoffice',
    summary: "Net exposure per instrument over real accounts (demo apart), from the engine's live book",
    response: exposureSchema,
  },
  {
    path: ADMIN_API.risk,
    methods: GET,
    auth: 'staff',
    roles: ROLES.dealer,
    tag: 'backoffice',
    summary: "Accounts nearest stop-out, margin calls, today's largest winners and losers, exposure alerts (real accounts)",
    response: riskSchema,
  },
  {
    path: ADMIN_API.dashboard,
    methods: GET,
    auth: 'staff',
    tag: 'backoffice',
    summary: "Today's figures: money (finance), sign-ups, traders online, queues, ledger check, exposure alerts (desk)",
    response: dashboardSchema,
  },
] as const satisfies readonly CallDef[];
