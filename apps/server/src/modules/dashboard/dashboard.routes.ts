import { ADMIN_API } from '@tradepad/contracts';
import type { StaffRole } from '@tradepad/contracts/staff/constants';
import type { Router } from '../../core/router.ts';
import type { DashboardService } from './dashboard.service.ts';

/** The console's home page: every role, each seeing the figures it concerns. */
export function dashboardRoutes(r: Router, dashboard: DashboardService) {
  r.get(ADMIN_API.dashboard, ({ staff }) => dashboard.today(staff.staff.role as StaffRole));
}
