import { STAFF_ACCESS as ROLES } from '../staff/constants.ts';
import { GET, type CallDef } from '../call-def.ts';
import { LIQUIDITY_ADMIN_PATHS as ADMIN_API } from './paths.ts';
import { liquiditySchema } from './schemas.ts';

/** The dealer's view of the liquidity providers (DESIGN §14). */
export const LIQUIDITY_CALLS = [
  {
    path: ADMIN_API.liquidity,
    methods: GET,
    auth: 'staff',
    roles: ROLES.dealer,
    tag: 'backoffice',
    summary:
      "FIX sessions to liquidity providers (state, since, last message, error) and each instrument's LP symbol, source, source bid/ask and quote age",
    response: liquiditySchema,
  },
] as const satisfies readonly CallDef[];
