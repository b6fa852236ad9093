import type { FavouriteList } from '@tradepad/contracts';
import { refuse } from '../../core/errors.ts';
import type { Catalogue } from './catalogue.ts';
import type { MarketDeps } from './market.service.ts';

/** A trader's watchlist of instruments. */
export class Favourites {
  constructor(
    private readonly cat: Catalogue,
    private readonly d: Pick<MarketDeps, 'repo' | 'clock'>,
  ) {}

  /** The user's watchlist (instruments since removed are left out). */
  async favourites(userId: number): Promise<FavouriteList> {
    const ids = await this.d.repo.favourites(userId);
    return { ids: ids.filter((id) => this.cat.byId(id) !== undefined) };
  }

  /** Adds or removes one favourite, then answers the whole watchlist. */
  async setFavourite(userId: number, forexId: number, on: boolean): Promise<FavouriteList> {
    if (this.cat.byId(forexId) === undefined) throw refuse('err.instrument_unknown');
    await this.d.repo.setFavourite(userId, forexId, on, this.d.clock.now());
    return this.favourites(userId);
  }
}
