import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../ports/clock.ts';
import { STAFF_ACCESS } from '@tradepad/contracts/staff/constants';
import { isSettingKey, needsSecondApproval } from '@tradepad/contracts/settings/table';
import type { ChangesService } from '../changes/changes.service.ts';
import type { ModuleContext } from '../context.ts';
import { SETTINGS_DEFAULTS, type SettingKey } from './settings-defaults.ts';
import { settingsAdminRoutes } from './settings.admin.routes.ts';
import { SettingsRepository } from './settings.repository.ts';
import { SettingsService } from './settings.service.ts';

/**
 * The run-time settings, opened with the infrastructure (every module reads them): seeded on first start, a variable
 * that is also a setting seeding it (the setting, changed in the back office, wins afterwards).
 */
export async function openSettings(d: {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'SESSION_IDLE_MINUTES' | 'DEMO_START_BALANCE' | 'RESTRICTED_REGIONS'>;
}): Promise<{ settings: SettingsService; store: SettingsRepository }> {
  const store = new SettingsRepository(d.db);
  await store.seedMissing({
    ...SETTINGS_DEFAULTS,
    session_idle_minutes: String(d.config.SESSION_IDLE_MINUTES),
    demo_start_balance: d.config.DEMO_START_BALANCE,
    restricted_regions: d.config.RESTRICTED_REGIONS,
    // `satisfies`: a misspelt key would seed a setting nothing reads.
  } satisfies Record<SettingKey, string>);
  return { settings: new SettingsService(store, () => d.clock.now()), store };
}

/**
 * The staff's settings page: read, changed (audited), and the engine told at once of what concerns it. A change of the
 * adjustment limits waits in the changes queue; a second super admin's approval writes it (issue 29).
 */
export function registerSettings(
  ctx: ModuleContext,
  deps: Pick<Parameters<typeof settingsAdminRoutes>[1], 'changed' | 'impact'> & { changes: ChangesService },
): void {
  const { changes, ...engine } = deps;
  changes.handle('setting', {
    roles: STAFF_ACCESS.superAdmin,
    apply: async (trx, c) =>
      ctx.settings.setWithin(
        trx,
        Object.fromEntries(
          Object.entries(c.after)
            .filter(([k]) => isSettingKey(k) && needsSecondApproval(k))
            .map(([k, v]) => [k, String(v)]),
        ),
      ),
    applied: engine.changed,
  });
  settingsAdminRoutes(ctx.router, { settings: ctx.settings, audit: ctx.audit, clock: ctx.clock, changes, ...engine });
}
