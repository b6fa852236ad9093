import { equityStopHit, micros } from '@tradepad/domain';
import type { KycStatus } from '@tradepad/contracts';
import { runPeriodically } from '../../core/periodic.ts';
import type { UserRow } from '../../db/schema.ts';
import type { NoticeBoard } from '../../ports/notices.ts';
import type { ModuleContext } from '../context.ts';
import type { MarketService } from '../market/market.service.ts';
import type { EngineCommands } from '../trading/engine-commands.ts';
import type { TradingEngine } from '../trading/trading.engine.ts';
import type { LeaderTask } from '../trading/trading.module.ts';
import { CopyAdmin } from './copy-admin.ts';
import { CopyFees } from './copy-fees.job.ts';
import { CopyFigures } from './copy-figures.ts';
import { copyNotices } from './copy-notices.ts';
import { MemoryRoster } from './copy-roster.ts';
import { CopyStatsRepository } from './copy-stats.repository.ts';
import { CopyRepository } from './copy.repository.ts';
import { copyCommands, copyRoutes } from './copy.routes.ts';
import { CopyService } from './copy.service.ts';

/**
 * Copy trading (issue 34, DESIGN §18): strategies, follows with their copy accounts, fees, statistics and the console.
 * On the engine leader it keeps the roster the engine copies from (loaded as it starts leading), charges the fees
 * every minute and checks the equity stops every second.
 */
export function registerCopy(
  ctx: ModuleContext,
  deps: {
    engine: TradingEngine;
    commands: EngineCommands;
    market: MarketService;
    kycStatus: (userId: number) => Promise<KycStatus>;
    userById: (id: number) => Promise<UserRow | undefined>;
    /** The followers' notices of copies, skips and equity stops. */
    notices: NoticeBoard;
    onLeading: (task: LeaderTask) => void;
  },
) {
  const { engine } = deps;
  const repo = new CopyRepository(ctx.db);
  const roster = new MemoryRoster();
  const figures = new CopyFigures({
    repo,
    stats: new CopyStatsRepository(ctx.db),
    clock: ctx.clock,
    instrumentCode: (id) => deps.market.instrumentById(id)?.code,
  });
  const fees = new CopyFees({
    repo,
    ledger: ctx.ledger,
    engine,
    clock: ctx.clock,
    charged: (id) => figures.forget(id),
    log: ctx.log,
  });
  /** On the leader: the book's equity of each copy account, or its stored balances when the book does not hold it. */
  const equitiesHere = async (ids: number[]): Promise<Map<number, number>> => {
    const out = new Map<number, number>();
    for (const id of ids) {
      const live = engine.running ? engine.copyEquity(id) : undefined;
      if (live !== undefined) out.set(id, Number(live));
      else {
        const kinds = ['cash', 'margin', 'swap', 'credit'] as const;
        const parts = await Promise.all(kinds.map((k) => ctx.ledger.balance(ctx.db, id, k)));
        out.set(id, Number(parts.reduce((a, b) => a + b, 0n)));
      }
    }
    return out;
  };
  let equities: (ids: number[]) => Promise<Map<number, number>> = equitiesHere;
  const service = new CopyService({
    ...{ db: ctx.db, repo, ledger: ctx.ledger, engine, roster, figures, fees, clock: ctx.clock, notices: deps.notices },
    ...{ kycStatus: deps.kycStatus, userById: deps.userById, equities: (ids) => equities(ids) },
  });
  const admin = new CopyAdmin({
    ...{ repo, audit: ctx.audit, engine, roster, figures, clock: ctx.clock },
    equities: (ids) => equities(ids),
  });
  equities = copyCommands(deps.commands, { service, admin, equitiesHere });
  copyRoutes(ctx.router, { service, figures, admin, engine: deps.commands, access: ctx.access });
  engine.useCopying(
    roster,
    copyNotices(deps.notices, (id) => roster.strategyName(id)),
  );

  /** The equity stop: every second on the leader, each follow with a stop against its copy account's equity. */
  const checkStops = async (): Promise<number> => {
    const hit = [...roster.follows()].filter((w) => {
      const equity = w.equityStopPercent > 0 ? engine.copyEquity(w.accountUserId) : undefined;
      return equity !== undefined && equityStopHit(equity, micros(w.invested), w.equityStopPercent);
    });
    await Promise.all(
      hit.map((w) =>
        service
          .end(w.followId, 'equity_stop')
          .catch((err: unknown) => ctx.log.warn({ err, followId: w.followId }, 'equity stop failed')),
      ),
    );
    return hit.length;
  };
  let stopWatching: (() => void) | undefined;
  deps.onLeading({
    start: async () => {
      await service.loadRoster();
      fees.startCharging();
      stopWatching = runPeriodically(checkStops, 1000, (err) => ctx.log.warn({ err }, 'equity stop check failed'));
    },
    stop: async () => {
      fees.stopCharging();
      stopWatching?.();
      stopWatching = undefined;
    },
  });
  return { copy: { service, fees, checkStops, roster } };
}
