import { ADMIN_API } from '@tradepad/contracts';
import { isSettingKey, needsSecondApproval, type SettingKey } from '@tradepad/contracts/settings/table';
import type { SettingsAnswer, SettingsParams } from '@tradepad/contracts/settings/calls';
import { refuse } from '../../core/errors.ts';
import type { Router } from '../../core/router.ts';
import type { Clock } from '../../ports/clock.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { ChangesService } from '../changes/changes.service.ts';
import type { SettingsService } from './settings.service.ts';

/**
 * The run-time settings, read and changed by a super admin; every change audited with its before and after. A new
 * value of a setting whose row asks for a second approval (the adjustment limits) does not take effect: it goes to the
 * changes queue, and a second super admin's approval applies it (issue 29).
 */
export function settingsAdminRoutes(
  r: Router,
  deps: {
    settings: SettingsService;
    audit: AuditRepository;
    clock: Clock;
    changes: Pick<ChangesService, 'request'>;
    /** Called after a change, so the engine picks up new margin levels and fee type at once. */
    changed: () => Promise<unknown>;
    /** Real accounts with margin in use, and those at or below proposed levels now (the engine's live figures). */
    impact: (levels: { marginCall?: number | undefined; stopOut?: number | undefined }) => Promise<{
      withPositions: number;
      marginCall: number;
      stopOut: number;
    }>;
  },
) {
  const { settings } = deps;

  r.get(ADMIN_API.settings, () => settings.all());
  // Before a margin-call or stop-out level is saved: how many real accounts it would touch at today's prices.
  r.get(ADMIN_API.settingsImpact, async ({ params }) => {
    const marginCall = params.margin_call ?? (await settings.int('margin_call_level'));
    const stopOut = params.stop_out ?? (await settings.int('stop_out_level'));
    const n = await deps.impact({ marginCall, stopOut });
    return {
      accounts_with_positions: n.withPositions,
      margin_call: { level: marginCall, accounts: n.marginCall },
      stop_out: { level: stopOut, accounts: n.stopOut },
    };
  });
  r.post(
    ADMIN_API.settings,
    async ({ staff, params: changes }) => {
      const before = await settings.all();
      const next = { ...before, ...changes };
      if (Number(next.stop_out_level) >= Number(next.margin_call_level)) throw refuse('err.levels_order');
      const keys = Object.keys(changes).filter(isSettingKey);
      const held = keys.filter((k) => needsSecondApproval(k) && changes[k] !== before[k]);
      if (held.length > 0)
        await deps.changes.request(staff.actor, {
          kind: 'setting',
          target: held.join(','),
          before: pick(before, held),
          after: pick(changes, held),
        });
      const now = keys.filter((k) => !held.includes(k));
      if (now.length === 0) return settings.all();
      const applied = pick(changes, now);
      // The change and its audit record commit together: never a change without its record.
      await settings.setAll(applied, (trx) =>
        deps.audit.record(
          {
            staffId: staff.actor.staffId,
            action: 'settings.update',
            targetType: 'settings',
            targetId: now.join(','),
            before: pick(before, now),
            after: applied,
            ip: staff.actor.ip,
            peer: staff.actor.peer,
            at: deps.clock.now(),
          },
          trx,
        ),
      );
      await deps.changed();
      return settings.all();
    },
    // A value that is not in effect yet waits in the changes queue: the answer says so.
    {
      done: (data: SettingsAnswer, params: SettingsParams) =>
        Object.entries(params).some(([k, v]) => isSettingKey(k) && data[k] !== v) ? 'ok.change_pending' : 'ok.saved',
    },
  );
}

/** The given keys of a settings record. */
const pick = (from: Partial<Record<SettingKey, string>>, keys: readonly SettingKey[]): Record<string, string> =>
  Object.fromEntries(keys.flatMap((k) => (from[k] === undefined ? [] : [[k, from[k]]])));
