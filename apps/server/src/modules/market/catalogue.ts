import type { Instrument, MarketRepository } from './market.repository.ts';
import { calibrationFor } from './calibration.ts';
import { QuoteBook, type QuoteTerms } from './quote-book.ts';

/** An instrument's published terms as the quote book applies them. */
export const quoteTerms = (i: Instrument): QuoteTerms => ({
  spreadPoints: i.spread_points,
  pricing: i.pricing,
  markupPoints: i.markup_points,
  hours: i.hours,
});

/**
 * The instruments as loaded at start (seeded by seeds.ts), found by code and id, with the quote book that follows
 * their terms. Their terms change in place when staff edit them; an instrument staff create joins at the next reload.
 */
export class Catalogue {
  private list: Instrument[] = [];
  private codes = new Map<string, Instrument>();
  private ids = new Map<number, Instrument>();
  private book!: QuoteBook;
  private readonly listeners: Array<(added: readonly Instrument[]) => void> = [];
  private reloading: Promise<Instrument[]> | undefined;

  constructor(private readonly repo: MarketRepository) {}

  /** Every instrument, enabled or not. */
  get instruments(): readonly Instrument[] {
    return this.list;
  }

  get quotes(): QuoteBook {
    return this.book;
  }

  byCode(code: string): Instrument | undefined {
    return this.codes.get(code);
  }

  byId(id: number): Instrument | undefined {
    return this.ids.get(id);
  }

  /** Loads the instruments and makes the quote book for them. */
  async load(): Promise<void> {
    this.list = await this.repo.instruments();
    this.codes = new Map(this.list.map((i) => [i.code, i]));
    this.ids = new Map(this.list.map((i) => [i.id, i]));
    this.book = new QuoteBook(
      new Map(this.list.map((i) => [i.code, { code: i.code, ...quoteTerms(i), minuteVol: calibrationFor(i.code).minuteVol }])),
    );
  }

  /**
   * Lets other modules (the trading engine, the feed) hear that instruments' terms changed, with the instruments the
   * reload added (see reload).
   */
  onChanged(listener: (added: readonly Instrument[]) => void): void {
    this.listeners.push(listener);
  }

  /**
   * Re-reads the instruments' terms after staff changed them (this node, or another one through the bus) and applies
   * them at once, in place, so every holder of an instrument (the trade list, the engine's book, live orders) sees the
   * same terms: the spread and pricing reprice the current quote, and the listeners (the engine's parsed terms) follow. An
   * instrument that appeared in the table (created by staff, on this node or another) joins the catalogue and the quote
   * book, and the listeners are handed it (the engine adds its book, the feed starts quoting it).
   */
  reload(): Promise<Instrument[]> {
    // A reload already running may have read the table before the change committed: chain a fresh one after it.
    const run = async () => {
      const fresh = await this.repo.instruments();
      const added: Instrument[] = [];
      for (const f of fresh) {
        const cur = this.ids.get(f.id);
        if (!cur) {
          this.list.push(f);
          this.codes.set(f.code, f);
          this.ids.set(f.id, f);
          this.book.add({ code: f.code, ...quoteTerms(f), minuteVol: calibrationFor(f.code).minuteVol });
          added.push(f);
          continue;
        }
        Object.assign(cur, f);
        this.book.setTerms(cur.code, quoteTerms(cur));
      }
      for (const l of this.listeners) l(added);
      return added;
    };
    const next = (this.reloading ?? Promise.resolve()).then(run, run);
    this.reloading = next;
    return next;
  }
}
