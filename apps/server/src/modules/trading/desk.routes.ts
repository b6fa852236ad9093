import { ADMIN_API, type DeskStopsParams, type PositionsParams } from '@tradepad/contracts';
import { sendCsv, sendJson } from '../../core/csv-download.ts';
import type { Router } from '../../core/router.ts';
import { batchesOf } from '../../db/paging.ts';

/** The desk's export columns (DESIGN §16): the list's own fields; money exact, prices at the instrument's precision. */
const POSITION_CSV_COLUMNS = [
  'id',
  'user_id',
  'user_account',
  'is_demo',
  'symbol',
  'side',
  'status',
  'kind',
  'lots',
  'leverage',
  'open_price',
  'current_price',
  'profit',
  'stop_loss',
  'take_profit',
  'margin',
  'created_at',
  'opened_at',
  'copy_of',
  'strategy_name',
] as const;
import type { Actor } from '../audit/staff-guard.ts';
import type { DeskService } from './desk.service.ts';
import type { EngineCommands } from './engine-commands.ts';
import { since } from './trading.routes.ts';

/**
 * The back office's trading desk and risk page (DESIGN §11): dealer and super admin, from their contracts. They read
 * the engine's live book, so they run on the engine leader (forwarded from any other node, issue 19 point 3).
 */
export function deskRoutes(r: Router, desk: DeskService, engine: EngineCommands) {
  r.get(
    ADMIN_API.positions,
    async ({ req, reply, staff, params }) => {
      if (params.format !== 'csv')
        return sendJson(req, reply, await engine.run(() => desk.positions(params), 'desk.positions', [params])) as never;
      await desk.noteExport(staff.actor, params);
      return sendCsv(reply, {
        name: params.status === 0 ? 'pending-orders' : 'positions',
        columns: POSITION_CSV_COLUMNS,
        batches: batchesOf((before, size) =>
          engine.run(() => desk.positionBatch(params, before, size), 'desk.positionBatch', [params, before, size]),
        ),
        cells: (p) => POSITION_CSV_COLUMNS.map((c) => p[c]),
      }) as never;
    },
    { raw: true },
  );
  r.post(
    `${ADMIN_API.positions}/:id/close`,
    ({ staff, id, params, reply }) =>
      engine.run(
        () => desk.close(staff.actor, id, params.reason, params.cont),
        'desk.close',
        [staff.actor, id, params.reason, params.cont ?? null],
        since(reply),
      ),
    { done: 'ok.order_closed', engine: true },
  );
  r.post(
    `${ADMIN_API.positions}/:id/stops`,
    ({ staff, id, params, reply }) =>
      engine.run(() => desk.setStops(staff.actor, id, params), 'desk.stops', [staff.actor, id, params], since(reply)),
    { done: 'ok.stops_updated', engine: true },
  );
  r.get(ADMIN_API.exposure, () => engine.run(() => desk.exposure(), 'desk.exposure', []));
  r.get(ADMIN_API.risk, () => engine.run(() => desk.risk(), 'desk.risk', []));
}

/** The leader's side of the desk's forwarded calls. */
export function deskCommands(engine: EngineCommands, desk: DeskService) {
  engine.handle('desk.positions', (p: PositionsParams) => desk.positions(p));
  engine.handle('desk.positionBatch', (p: PositionsParams, before: number | undefined, size: number) =>
    desk.positionBatch(p, before, size),
  );
  engine.handle('desk.close', (actor: Actor, id: number, reason: string, cont?: string | null) =>
    desk.close(actor, id, reason, cont ?? undefined),
  );
  engine.handle('desk.stops', (actor: Actor, id: number, p: DeskStopsParams) => desk.setStops(actor, id, p));
  engine.handle('desk.exposure', () => desk.exposure());
  engine.handle('desk.risk', () => desk.risk());
  engine.handle('desk.alerts', () => desk.alerts());
}
