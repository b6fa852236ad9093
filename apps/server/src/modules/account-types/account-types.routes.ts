import { ADMIN_API, API } from '@tradepad/contracts';
import type { Router } from '../../core/router.ts';
import type { AccountTypesService } from './account-types.service.ts';

/** The account types' calls (DESIGN §16): the published list, the trader's choice, the dealer's types, a staff change. */
export function accountTypesRoutes(r: Router, types: AccountTypesService) {
  r.get(API.accountTypes, () => types.publicList());
  r.post(API.chooseAccountType, ({ user, params }) => types.choose(user.user.id, params.account_type_id), { done: 'ok.saved' });
  r.get(ADMIN_API.accountTypes, () => types.adminList());
  r.post(ADMIN_API.accountTypes, ({ staff, params }) => types.create(staff.actor, params), { done: 'ok.saved' });
  r.post(`${ADMIN_API.accountTypes}/:id`, ({ staff, id, params }) => types.update(staff.actor, id, params), {
    done: 'ok.saved',
  });
  r.post(
    `${ADMIN_API.users}/:id/account-type`,
    ({ staff, id, params }) => types.assign(staff.actor, id, params.account_type_id, params.reason),
    { done: 'ok.saved' },
  );
}
