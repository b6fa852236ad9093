import { ADMIN_API, API, type FollowParams, type Lang } from '@tradepad/contracts';
import type { FastifyRequest } from 'fastify';
import type { Actor } from '../../core/access.ts';
import { refuse } from '../../core/errors.ts';
import type { Access, Router } from '../../core/router.ts';
import type { EngineCommands } from '../trading/engine-commands.ts';
import { since } from '../trading/trading.routes.ts';
import type { CopyAdmin } from './copy-admin.ts';
import type { CopyFigures } from './copy-figures.ts';
import type { CopyService } from './copy.service.ts';

/**
 * Copy trading's calls (DESIGN §18). Lists and pages are read on any node; following, unfollowing and the console's
 * suspension change the engine leader's roster and move money in its writer, so they run there (in process on the
 * leader, else forwarded with a deadline like the order calls; see {@link copyCommands}).
 */
export function copyRoutes(
  r: Router,
  d: { service: CopyService; figures: CopyFigures; admin: CopyAdmin; engine: EngineCommands; access: Access },
) {
  const { service, figures, admin, engine } = d;
  /** The signed-in caller of a public call, when there is one (a strategy's page shows their own follow). */
  const viewer = async (req: FastifyRequest): Promise<number | undefined> => {
    if (!req.headers.authorization) return undefined;
    return d.access.user(req).then(
      (a) => a.user.id,
      () => undefined,
    );
  };

  r.get(API.copyStrategies, ({ params: p }) => figures.list(p.sort, p.page, p.limit));
  r.post(API.copyStrategies, ({ user, params, req }) => service.openStrategy(user.user, params, req.lang), {
    done: 'ok.copy_strategy_opened',
  });
  r.get(API.copyStrategy, async ({ id, req }) => service.detail(id, await viewer(req), req.lang), {
    unknownId: 'err.copy_strategy_unknown',
  });
  r.post(
    API.copyFollow,
    ({ user, params, req, reply }) =>
      engine.run(
        () => service.follow(user.user.id, params, req.lang),
        'copy.follow',
        [user.user.id, params, req.lang],
        since(reply),
      ),
    { done: 'ok.copy_followed', engine: true },
  );
  r.post(
    API.copyUnfollow,
    ({ user, params, req, reply }) =>
      engine.run(
        () => service.unfollow(user.user.id, params.strategy_id, req.lang),
        'copy.unfollow',
        [user.user.id, params.strategy_id, req.lang],
        since(reply),
      ),
    { done: 'ok.copy_unfollowed', engine: true },
  );
  r.get(API.copyMine, ({ user }) => service.mine(user.user.id));
  r.get(API.copyFollowing, ({ user, req }) => service.following(user.user.id, req.lang));
  r.get(API.followList, ({ params: p }) => figures.rankList(p.page, p.limit));

  // The console
  r.get(ADMIN_API.copyStrategies, ({ params: p }) => admin.strategies(p.status, p.sort, p));
  r.get(ADMIN_API.copyStrategyFollowers, ({ id, params: p }) => admin.followers(id, p.status, p), {
    unknownId: 'err.copy_strategy_unknown',
  });
  r.get(ADMIN_API.copyFees, ({ params: p }) => admin.fees({ strategyId: p.strategy_id, kind: p.kind }, p));
  for (const [path, suspend] of [
    [ADMIN_API.copyStrategySuspend, true],
    [ADMIN_API.copyStrategyResume, false],
  ] as const)
    r.post(
      path,
      ({ staff, id, params, reply }) =>
        engine.run(
          () => admin.setStatus(staff.actor, id, suspend, params.reason),
          'copy.setStatus',
          [staff.actor, id, suspend, params.reason],
          since(reply),
        ),
      { done: suspend ? 'ok.copy_strategy_suspended' : 'ok.copy_strategy_resumed', unknownId: 'err.copy_strategy_unknown' },
    );
}

/** The leader's side of the forwarded copy calls, and the copy accounts' equity read from its book. */
export function copyCommands(
  engine: EngineCommands,
  d: { service: CopyService; admin: CopyAdmin; equitiesHere: (ids: number[]) => Promise<Map<number, number>> },
) {
  engine.handle('copy.follow', (userId: number, p: FollowParams, lang: Lang) => d.service.follow(userId, p, lang));
  engine.handle('copy.unfollow', (userId: number, strategyId: number, lang: Lang) =>
    d.service.unfollow(userId, strategyId, lang),
  );
  engine.handle('copy.setStatus', (actor: Actor, id: number, suspend: boolean, reason: string) => {
    if (typeof suspend !== 'boolean') throw refuse('err.bad_request');
    return d.admin.setStatus(actor, id, suspend, reason);
  });
  engine.handle('copy.equities', async (ids: number[]) => [...(await d.equitiesHere(ids))]);
  return async (ids: number[]): Promise<Map<number, number>> => {
    if (ids.length === 0) return new Map();
    const pairs = await engine.run(async () => [...(await d.equitiesHere(ids))], 'copy.equities', [ids]);
    return new Map(pairs);
  };
}
