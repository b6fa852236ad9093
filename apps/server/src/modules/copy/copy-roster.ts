import type { CopyFollower, CopyMode, CopyRoster } from '../trading/copying-types.ts';
import type { FollowWithStrategy } from './copy.repository.ts';
import { STRATEGY_OPEN } from './copy.repository.ts';

/** What the equity stop watches of a follow. */
export interface WatchedFollow {
  followId: number;
  strategyId: number;
  accountUserId: number;
  /** Micros put in. */
  invested: bigint;
  equityStopPercent: number;
}

interface ProviderEntry {
  strategyId: number;
  open: boolean;
  followers: Map<number, CopyFollower>;
  /** `followers` as the engine reads it, rebuilt on each change (a provider's fill reads it, never copies it). */
  list: readonly CopyFollower[];
}

const NONE: readonly CopyFollower[] = [];

/**
 * Who copies whom, in memory on the engine leader (issue 34): loaded from the database when the node starts leading and
 * changed only after a follow, an unfollow, a suspension or a resumption has committed (all of which run on the
 * leader), so a provider's fill reads it without a query. A suspended strategy has no followers to copy new opens to.
 */
export class MemoryRoster implements CopyRoster {
  private readonly providers = new Map<number, ProviderEntry>();
  private readonly strategies = new Map<number, ProviderEntry>();
  private readonly watched = new Map<number, WatchedFollow>();
  /** Strategy names by id (a name never changes), for the followers' notices. */
  private readonly names = new Map<number, string>();

  followersOf(providerId: number): readonly CopyFollower[] {
    const p = this.providers.get(providerId);
    return p?.open ? p.list : NONE;
  }

  /** Replaces everything with the follows following now (the leader's start). */
  load(follows: readonly FollowWithStrategy[]): void {
    this.providers.clear();
    this.strategies.clear();
    this.watched.clear();
    for (const f of follows) this.add(f);
  }

  add(f: FollowWithStrategy): void {
    const entry = this.entryOf(Number(f.provider_id), Number(f.strategy_id), Number(f.strategy_status) === STRATEGY_OPEN);
    entry.followers.set(Number(f.id), {
      followId: Number(f.id),
      strategyId: Number(f.strategy_id),
      followerId: Number(f.follower_id),
      accountUserId: Number(f.account_user_id),
      mode: f.mode as CopyMode,
      value: f.value,
    });
    entry.list = [...entry.followers.values()];
    this.names.set(Number(f.strategy_id), f.strategy_name);
    this.watched.set(Number(f.id), {
      followId: Number(f.id),
      strategyId: Number(f.strategy_id),
      accountUserId: Number(f.account_user_id),
      invested: BigInt(f.invested),
      equityStopPercent: Number(f.equity_stop_percent),
    });
  }

  remove(followId: number): void {
    const w = this.watched.get(followId);
    this.watched.delete(followId);
    const entry = w && this.strategies.get(w.strategyId);
    if (!entry) return;
    entry.followers.delete(followId);
    entry.list = [...entry.followers.values()];
  }

  /** A strategy suspended (false) or resumed (true); its follows stay, only new opens stop being copied. */
  setOpen(strategyId: number, open: boolean): void {
    const entry = this.strategies.get(strategyId);
    if (entry) entry.open = open;
  }

  /** The name of a strategy followed since this node started leading; undefined for one never seen. */
  strategyName(strategyId: number): string | undefined {
    return this.names.get(strategyId);
  }

  /** Every follow following now, for the equity stop. */
  follows(): IterableIterator<WatchedFollow> {
    return this.watched.values();
  }

  private entryOf(providerId: number, strategyId: number, open: boolean): ProviderEntry {
    let entry = this.providers.get(providerId);
    if (!entry) {
      entry = { strategyId, open, followers: new Map(), list: NONE };
      this.providers.set(providerId, entry);
      this.strategies.set(strategyId, entry);
    }
    return entry;
  }
}
