import { GET, POST, type CallDef } from '../call-def.ts';
import { STAFF_ACCESS as ROLES } from '../staff/constants.ts';
import { STAFF_ADMIN_PATHS } from '../staff/paths.ts';
import { ACCOUNT_TYPE_ADMIN_PATHS as ADMIN_API, ACCOUNT_TYPE_PATHS as API } from './paths.ts';
import {
  accountTypeCreateParams,
  accountTypeListSchema,
  accountTypeSchema,
  accountTypeUpdateParams,
  chooseAccountTypeParams,
  userAccountTypeParams,
} from './schemas.ts';

/** Account types (DESIGN §16): the published list, the trader's choice, the dealer's types and a staff change. */
export const ACCOUNT_TYPE_CALLS = [
  {
    path: API.accountTypes,
    methods: GET,
    auth: 'none',
    tag: 'accounts',
    summary: 'The published account types: markup, commission per lot, fee, leverage cap, levels, swaps',
    response: accountTypeListSchema,
  },
  {
    path: API.chooseAccountType,
    methods: POST,
    auth: 'user',
    idempotent: true,
    tag: 'accounts',
    summary: 'Choose one of the public account types; refused while a position or a pending order is open',
    params: chooseAccountTypeParams,
    response: accountTypeSchema,
  },
  {
    path: ADMIN_API.accountTypes,
    methods: GET,
    auth: 'staff',
    // Read by every role that reads users (the users page names a user's type and offers the others).
    roles: ROLES.usersRead,
    tag: 'backoffice',
    summary: 'Every account type, public or not',
    response: accountTypeListSchema,
  },
  {
    path: ADMIN_API.accountTypes,
    methods: POST,
    auth: 'staff',
    idempotent: true,
    roles: ROLES.dealer,
    tag: 'backoffice',
    summary: 'Create an account type (audited account_type.create)',
    params: accountTypeCreateParams,
    response: accountTypeSchema,
  },
  {
    path: `${ADMIN_API.accountTypes}/:id`,
    methods: POST,
    auth: 'staff',
    idempotent: true,
    roles: ROLES.dealer,
    tag: 'backoffice',
    summary: "Change an account type's terms for everyone in it (audited account_type.update)",
    params: accountTypeUpdateParams,
    response: accountTypeSchema,
  },
  {
    path: `${STAFF_ADMIN_PATHS.users}/:id/account-type`,
    methods: POST,
    auth: 'staff',
    idempotent: true,
    // Acting on a user, as every other action on the users page: the money desk and super admins.
    roles: ROLES.usersAct,
    tag: 'backoffice',
    summary: 'Put a trader in an account type, with a reason (audited user.account_type; the trader is told)',
    params: userAccountTypeParams,
    response: accountTypeSchema,
  },
] as const satisfies readonly CallDef[];
