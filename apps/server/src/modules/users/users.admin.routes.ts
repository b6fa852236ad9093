import { ADMIN_API } from '@tradepad/contracts';
import type { Router } from '../../core/router.ts';
import { dayBound, sendCsv, sendJson } from '../../core/csv-download.ts';
import { timeText } from '../../core/time.ts';
import type { UserFilter } from './users.repository.ts';
import type { UsersAdminService } from './users.service.ts';

/** The users export's columns (DESIGN §16): `balance` is the exact cash in USD, times in unix ms and as UTC text. */
const USER_CSV_COLUMNS = [
  'id',
  'uid',
  'email',
  'phone',
  'country',
  'is_demo',
  'login_enabled',
  'trading_enabled',
  'kyc_status',
  'balance',
  'created_at',
  'created_at_utc',
] as const;

/**
 * The back office's users and balance adjustments (DESIGN §11): every role reads users; finance and super admin act
 * (the contracts name the roles; the router checks them before anything else). Every action is audited.
 */
export function usersAdminRoutes(r: Router, users: UsersAdminService) {
  r.get(
    ADMIN_API.users,
    async ({ req, reply, staff, params: p }) => {
      const filter: UserFilter = {
        q: p.q,
        country: p.country,
        kycStatus: p.kyc_status,
        accountTypeId: p.account_type_id,
        isDemo: p.is_demo,
        from: dayBound(p.from, 'from'),
        to: dayBound(p.to, 'to'),
      };
      if (p.format !== 'csv') return sendJson(req, reply, await users.search(filter, { page: p.page, limit: p.limit })) as never;
      await users.noteExport(staff.actor, p);
      return sendCsv(reply, {
        name: 'users',
        columns: USER_CSV_COLUMNS,
        batches: users.exportBatches(filter),
        cells: (u) => [
          u.id,
          u.uid,
          u.email,
          u.phone,
          u.country,
          u.is_demo,
          u.login_enabled,
          u.trading_enabled,
          u.kyc_status,
          u.balance,
          u.created_at,
          timeText(u.created_at),
        ],
      }) as never;
    },
    { raw: true },
  );
  r.get(`${ADMIN_API.users}/:id`, ({ req, id }) => users.detail(id, req.lang));
  r.post(`${ADMIN_API.users}/:id/status`, ({ staff, id, params }) => users.setStatus(staff.actor, id, params), {
    done: 'ok.saved',
  });
  r.post(`${ADMIN_API.users}/:id/sessions/revoke`, ({ staff, id }) => users.revokeSessions(staff.actor, id), {
    done: 'ok.saved',
  });
  r.post(`${ADMIN_API.users}/:id/totp/reset`, ({ staff, id }) => users.resetTotp(staff.actor, id), { done: 'ok.saved' });
  r.post(`${ADMIN_API.users}/:id/notes`, ({ staff, id, params }) => users.addNote(staff.actor, id, params.text), {
    done: 'ok.saved',
  });
  r.post(`${ADMIN_API.users}/:id/adjust`, ({ staff, id, params }) => users.adjust(staff.actor, id, params), {
    done: 'ok.saved',
  });

  r.get(ADMIN_API.adjustments, ({ params: p }) =>
    users.adjustments({ status: p.status, userId: p.user_id, page: p.page, limit: p.limit }),
  );
  r.post(`${ADMIN_API.adjustments}/:id/approve`, ({ staff, id }) => users.approve(staff.actor, id), { done: 'ok.approved' });
  r.post(`${ADMIN_API.adjustments}/:id/reject`, ({ staff, id, params }) => users.reject(staff.actor, id, params.remark), {
    done: 'ok.rejected',
  });
}
