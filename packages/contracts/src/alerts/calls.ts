import { alertCreateParams, alertListParams, alertPage, alertSchema } from './schemas.ts';
import { noData } from '../answers.ts';
import { GET, POST, type CallDef } from '../call-def.ts';
import { ALERT_PATHS as API } from './paths.ts';

/** Price alerts (issue 20 point 7, DESIGN §12): the trader's own, real and demo accounts alike. */
export const ALERT_CALLS = [
  {
    path: API.alerts,
    methods: GET,
    auth: 'user',
    tag: 'trading',
    summary: "The user's price alerts (active and fired; not deleted), newest first",
    params: alertListParams,
    response: alertPage,
  },
  {
    path: API.alerts,
    methods: POST,
    auth: 'user',
    idempotent: true,
    tag: 'trading',
    summary:
      'Create a price alert: fires once on the first bid at or above (`above`) or at or below (`below`) `price`, even if that is so already; at most 50 active per user',
    params: alertCreateParams,
    response: alertSchema,
  },
  {
    path: `${API.alerts}/:id/delete`,
    methods: POST,
    auth: 'user',
    tag: 'trading',
    summary: "Delete one of the user's alerts (an active one stops watching the price; a fired one leaves the list)",
    response: noData,
  },
] as const satisfies readonly CallDef[];
