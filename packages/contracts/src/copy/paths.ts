/** Copy trading's REST paths (DESIGN §18; gathered into `API` and `ADMIN_API` in api-paths.ts). */
export const COPY_PATHS = {
  /** `GET` (public) lists strategies (`?sort=&page=`); `POST` opens the caller's own (real, real-name approved). */
  copyStrategies: '/v1/api/copy/strategies',
  /** `GET` (public): one strategy's page, with the caller's own follow when signed in. */
  copyStrategy: '/v1/api/copy/strategies/:id',
  /** `POST {strategy_id, amount, mode, value, equity_stop_percent}`: follow a strategy with a copy account. */
  copyFollow: '/v1/api/copy/follow',
  /** `POST {strategy_id}`: close the copies at the market and return the money. */
  copyUnfollow: '/v1/api/copy/unfollow',
  /** `GET`: the caller's strategy as its provider (followers, fees earned), or none. */
  copyMine: '/v1/api/copy/mine',
  /** `GET`: the caller's follows, active and ended, with their recent copy events. */
  copyFollowing: '/v1/api/copy/following',
} as const;

export const COPY_ADMIN_PATHS = {
  /** `GET`: every strategy with its followers and fees. */
  copyStrategies: '/admin/api/copy/strategies',
  /** `GET`: one strategy's follows (active and ended). */
  copyStrategyFollowers: '/admin/api/copy/strategies/:id/followers',
  /** `POST {reason}`: no new follows, no new copies (audited `strategy.suspend`). */
  copyStrategySuspend: '/admin/api/copy/strategies/:id/suspend',
  /** `POST {reason}`: open again (audited `strategy.resume`). */
  copyStrategyResume: '/admin/api/copy/strategies/:id/resume',
  /** `GET ?strategy_id=&kind=`: the fees charged. */
  copyFees: '/admin/api/copy/fees',
} as const;
