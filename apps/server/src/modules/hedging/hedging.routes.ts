import { ADMIN_API, type HedgeOrder, type HedgeOrderStatus, type HedgeState } from '@tradepad/contracts';
import type { Router } from '../../core/router.ts';
import type { HedgeOrderRow } from '../../db/schema.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { EngineCommands } from '../trading/engine-commands.ts';
import type { HedgeRepository } from './hedge.repository.ts';
import type { HedgingService } from './hedging.service.ts';

/** A stored order as the blotter shows it. */
export function hedgeOrderView(r: HedgeOrderRow): HedgeOrder {
  return {
    id: Number(r.id),
    cl_ord_id: r.cl_ord_id,
    symbol: r.symbol,
    lp_symbol: r.lp_symbol,
    side: r.side,
    qty: r.qty,
    limit_price: r.limit_price,
    status: r.status as HedgeOrderStatus,
    filled_qty: r.filled_qty,
    avg_price: r.avg_price,
    reason: r.reason,
    mode: r.mode,
    client_order_id: Number(r.client_order_id),
    client_fill: r.client_fill,
    created_at: Number(r.created_at),
    updated_at: Number(r.updated_at),
  };
}

type SessionStatus = ReturnType<HedgingService['session']>;

/**
 * The dealer's hedging calls (DESIGN §14): the blotter (read from the database on any node), and hedging's state with
 * the pause switch. The FIX session lives on the engine leader, so its state is asked there; the switch is a run-time
 * setting written with its audit record in one transaction (the leader reads it through the settings' short cache).
 */
export function hedgingRoutes(
  r: Router,
  d: {
    repo: HedgeRepository;
    hedging: HedgingService;
    settings: SettingsService;
    audit: AuditRepository;
    commands: EngineCommands;
    now: () => number;
  },
) {
  const state = async (): Promise<HedgeState> => {
    const s: SessionStatus = await d.commands.run(async () => d.hedging.session(), 'hedge.session', []);
    return {
      configured: d.hedging.configured,
      paused: (await d.settings.get('hedging_paused')) === '1',
      session: s ? { name: s.name, state: s.state, since: s.since, last_message_at: s.lastMessageAt, error: s.error } : null,
    };
  };
  d.commands.handle('hedge.session', async () => d.hedging.session());

  r.get(ADMIN_API.hedgeOrders, async ({ params }) => {
    const { rows, total } = await d.repo.page(params);
    return { data: rows.map(hedgeOrderView), total };
  });
  r.get(ADMIN_API.hedgeState, () => state());
  r.post(ADMIN_API.hedgeState, async ({ staff, params }) => {
    const before = (await d.settings.get('hedging_paused')) === '1';
    if (before !== params.paused)
      await d.settings.setAll({ hedging_paused: params.paused ? '1' : '0' }, (trx) =>
        d.audit.record(
          {
            staffId: staff.actor.staffId,
            action: 'hedging.pause',
            targetType: 'setting',
            targetId: 'hedging_paused',
            before: { paused: before },
            after: { paused: params.paused },
            ip: staff.actor.ip,
            peer: staff.actor.peer,
            at: d.now(),
          },
          trx,
        ),
      );
    return state();
  });
}
