import { z } from 'zod';
import {
  depositChannelSavedSchema,
  depositChannelSchema,
  drawCurrencyConfigSchema,
  walletSettingsSchema,
  wireChannelSavedSchema,
  wireChannelSchema,
} from '../wallet/config.ts';
import { depositChannelParams, drawCurrencyParams, wireChannelParams } from '../wallet/params.ts';
import { GET, POST, type CallDef } from '../call-def.ts';
import { STAFF_ACCESS as ROLES } from './constants.ts';
import { STAFF_ADMIN_PATHS as ADMIN_API } from './paths.ts';
import { walletSettingsParams } from './params.ts';

/** The back office's wallet configuration: deposit channels, wire details, withdrawal currencies, wallet settings. */
export const WALLET_CONFIG_CALLS = [
  {
    path: ADMIN_API.depositChannels,
    methods: GET,
    auth: 'staff',
    roles: ROLES.finance,
    tag: 'backoffice',
    summary: 'List coin deposit channels',
    response: z.array(depositChannelSchema),
  },
  {
    path: ADMIN_API.depositChannels,
    methods: POST,
    auth: 'staff',
    roles: ROLES.finance,
    tag: 'backoffice',
    summary: 'Add one of the coin deposit channels: waits for a second staff member (the changes queue; audited)',
    params: depositChannelParams,
    response: depositChannelSavedSchema,
  },
  {
    path: `${ADMIN_API.depositChannels}/:id`,
    methods: POST,
    auth: 'staff',
    roles: ROLES.finance,
    tag: 'backoffice',
    summary:
      'Change one of the coin deposit channels: a new currency, network or address waits for a second staff member (the changes queue), limits take effect at once (audited)',
    params: depositChannelParams,
    response: depositChannelSavedSchema,
  },
  {
    path: ADMIN_API.wireChannels,
    methods: GET,
    auth: 'staff',
    roles: ROLES.finance,
    tag: 'backoffice',
    summary: 'List bank currencies and wire details',
    response: z.array(wireChannelSchema),
  },
  {
    path: ADMIN_API.wireChannels,
    methods: POST,
    auth: 'staff',
    roles: ROLES.finance,
    tag: 'backoffice',
    summary: 'Add one of the bank currencies and wire details: waits for a second staff member (the changes queue; audited)',
    params: wireChannelParams,
    response: wireChannelSavedSchema,
  },
  {
    path: `${ADMIN_API.wireChannels}/:id`,
    methods: POST,
    auth: 'staff',
    roles: ROLES.finance,
    tag: 'backoffice',
    summary:
      'Change one of the bank currencies and wire details: new receiving details wait for a second staff member (the changes queue), limits take effect at once (audited)',
    params: wireChannelParams,
    response: wireChannelSavedSchema,
  },
  {
    path: ADMIN_API.drawCurrencies,
    methods: GET,
    auth: 'staff',
    roles: ROLES.finance,
    tag: 'backoffice',
    summary: 'List withdrawal currencies',
    response: z.array(drawCurrencyConfigSchema),
  },
  {
    path: ADMIN_API.drawCurrencies,
    methods: POST,
    auth: 'staff',
    roles: ROLES.finance,
    tag: 'backoffice',
    summary: 'Add one of the withdrawal currencies (audited)',
    params: drawCurrencyParams,
    response: drawCurrencyConfigSchema,
  },
  {
    path: `${ADMIN_API.drawCurrencies}/:id`,
    methods: POST,
    auth: 'staff',
    roles: ROLES.finance,
    tag: 'backoffice',
    summary: 'Change one of the withdrawal currencies (audited)',
    params: drawCurrencyParams,
    response: drawCurrencyConfigSchema,
  },
  {
    path: ADMIN_API.walletSettings,
    methods: GET,
    auth: 'staff',
    roles: ROLES.walletSettingsRead,
    tag: 'backoffice',
    summary: 'Whether withdrawals need an approved real-name verification',
    response: walletSettingsSchema,
  },
  {
    path: ADMIN_API.walletSettings,
    methods: POST,
    auth: 'staff',
    roles: ROLES.compliance,
    tag: 'backoffice',
    summary: 'Require (or not) an approved real-name verification for withdrawals (audited)',
    params: walletSettingsParams,
    response: walletSettingsSchema,
  },
] as const satisfies readonly CallDef[];
