import { ADMIN_API, settingsParams } from '@tradepad/contracts';
import type { FastifyInstance } from 'fastify';
import { refuse } from '../../core/errors.ts';
import { clientIp, ok, parseParams } from '../../core/http.ts';
import type { Clock } from '../../ports/clock.ts';
import { SETTINGS_DEFAULTS, type SettingKey } from '../settings/settings-defaults.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { BackofficeRepository } from './backoffice.repository.ts';
import type { StaffGuard } from './backoffice.routes.ts';

const KEYS = Object.keys(SETTINGS_DEFAULTS) as SettingKey[];

/** The run-time settings, read and changed by a super admin; every change audited with its before and after. */
export function settingsRoutes(
  app: FastifyInstance,
  deps: {
    guard: StaffGuard;
    settings: SettingsService;
    audit: BackofficeRepository;
    clock: Clock;
    /** Called after a change, so the engine picks up new margin levels and fee type at once. */
    changed: () => Promise<unknown>;
  },
) {
  const { guard, settings } = deps;
  const all = async () => Object.fromEntries(await Promise.all(KEYS.map(async (k) => [k, await settings.get(k)] as const)));

  app.get(ADMIN_API.settings, async (req) => {
    await guard(req, ['super_admin']);
    return ok(req, await all());
  });

  app.post(ADMIN_API.settings, async (req) => {
    const { staff } = await guard(req, ['super_admin']);
    const changes = parseParams(settingsParams, req);
    const before = await all();
    const next = { ...before, ...changes };
    if (Number(next.stop_out_level) >= Number(next.margin_call_level)) throw refuse('err.levels_order');
    for (const [key, value] of Object.entries(changes) as Array<[SettingKey, string]>) await settings.set(key, value);
    await deps.changed();
    await deps.audit.audit({
      staffId: staff.id,
      action: 'settings.update',
      targetType: 'settings',
      targetId: Object.keys(changes).join(','),
      before: Object.fromEntries(Object.keys(changes).map((k) => [k, before[k]])),
      after: changes,
      ip: clientIp(req),
      at: deps.clock.now(),
    });
    return ok(req, await all(), 'ok.saved');
  });
}
