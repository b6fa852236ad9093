import { GET, POST, type CallDef } from '../call-def.ts';
import { STAFF_ACCESS as ROLES } from '../staff/constants.ts';
import { HEDGE_ADMIN_PATHS as ADMIN_API } from './paths.ts';
import { hedgeOrdersParams, hedgeOrdersSchema, hedgePauseParams, hedgeStateSchema } from './schemas.ts';

/** Hedging (DESIGN §14): the dealer's blotter of orders sent to the LP and the switch that pauses hedging. */
export const HEDGE_CALLS = [
  {
    path: ADMIN_API.hedgeOrders,
    methods: GET,
    auth: 'staff',
    roles: ROLES.dealer,
    tag: 'backoffice',
    summary: 'Hedge orders sent to the liquidity provider over FIX (newest first), with their execution reports',
    params: hedgeOrdersParams,
    response: hedgeOrdersSchema,
  },
  {
    path: ADMIN_API.hedgeState,
    methods: GET,
    auth: 'staff',
    roles: ROLES.dealer,
    tag: 'backoffice',
    summary: "Hedging's state: configured, paused by the dealer, and its FIX session",
    response: hedgeStateSchema,
  },
  {
    path: ADMIN_API.hedgeState,
    methods: POST,
    auth: 'staff',
    idempotent: true,
    roles: ROLES.dealer,
    tag: 'backoffice',
    summary: 'Pause or resume hedging (client fills while paused are not hedged); audited as hedging.pause',
    params: hedgePauseParams,
    response: hedgeStateSchema,
  },
] as const satisfies readonly CallDef[];
