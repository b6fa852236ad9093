import {
  LANGS,
  MARKET_CLOSED,
  MARKET_OPEN,
  type Category,
  type InstrumentInfo,
  type Lang,
  type TradeItem,
} from '@tradepad/contracts';
import { leverageAllowed, pointsToPrice, typeQuote } from '@tradepad/domain';
import { refuse } from '../../core/errors.ts';
import type { Catalogue } from './catalogue.ts';
import { CATEGORIES } from './instruments.data.ts';
import { foldForSearch, nameMatches } from './instrument-names.ts';
import { logoPath } from './logos.ts';
import type { Instrument } from './market.repository.ts';
import type { MarketDeps } from './market.service.ts';

/** The markup that applies to an instrument's quotes: its stored markup under `markup` pricing, none under `fixed`. */
const effectiveMarkup = (i: Instrument): number => (i.pricing === 'markup' ? i.markup_points : 0);

/** The terms of the account type a trade list is for (DESIGN §16): its prices' markup and its leverage cap. */
export interface ListTerms {
  spreadMarkup: number;
  maxLeverage: number | null;
}

const PUBLISHED: ListTerms = { spreadMarkup: 0, maxLeverage: null };

/** The catalogue as the app lists it: the trade list with live quotes, an instrument's info sheet, the categories. */
export class TradeList {
  constructor(
    private readonly cat: Catalogue,
    /** Whether an instrument trades now (MarketService.isOpen: a replay decides it by its quotes). */
    private readonly isOpen: (inst: Instrument, now: number) => boolean,
    private readonly d: Pick<MarketDeps, 'clock'>,
  ) {}

  /**
   * The enabled instruments with their quotes; `search` keeps those whose code or display code contains it (any case,
   * punctuation ignored), or whose name in the reader's language (or English) does ("gold", "黃金": instrument-names);
   * priced and with the leverages of the account type `terms` describe.
   */
  tradeList(search?: string, lang: Lang = 'en', terms: ListTerms = PUBLISHED): TradeItem[] {
    const text = search?.trim() ?? '';
    const code = text.toUpperCase().replace(/[^A-Z0-9]/g, '');
    const name = foldForSearch(text, lang);
    const now = this.d.clock.now();
    return this.cat.instruments
      .filter((i) => i.enabled === 1)
      .filter(
        (i) =>
          !text ||
          (code !== '' &&
            (i.code.includes(code) ||
              i.show_code
                .toUpperCase()
                .replace(/[^A-Z0-9]/g, '')
                .includes(code))) ||
          (name !== '' && nameMatches(i, name, lang)),
      )
      .map((i) => this.tradeItem(i, now, terms));
  }

  /** `forex/info`: an enabled instrument's weekly sessions and overnight financing, for its info sheet. */
  instrumentInfo(forexId: number): InstrumentInfo {
    const i = this.cat.byId(forexId);
    if (!i || i.enabled !== 1) throw refuse('err.instrument_unknown');
    return {
      Id: i.id,
      TimeZone: i.hours.timeZone,
      Sessions: i.hours.sessions.map((x) => ({ day: x.day, open: x.open, close: x.close })),
      SwapLong: i.swap_long,
      SwapShort: i.swap_short,
      SwapTripleDay: i.swap_triple_day,
      Pricing: i.pricing,
      Markup: effectiveMarkup(i),
    };
  }

  /** Categories that have an enabled instrument, named in `lang`. */
  categories(lang: Lang): Category[] {
    return CATEGORIES.filter((c) => this.cat.instruments.some((i) => i.category_id === c.id && i.enabled === 1)).map((c) => ({
      Id: c.id,
      NameShowTrans: this.categoryName(c.id, lang),
    }));
  }

  private tradeItem(i: Instrument, now: number, terms: ListTerms): TradeItem {
    const published = this.cat.quotes.get(i.code);
    // The type's prices (DESIGN §16): its markup on each side of the published quote; none left, no quote.
    const own = published && typeQuote(published, terms.spreadMarkup);
    const q = published && own && { ...published, bid: own.bid, ask: own.ask };
    const down = (x: number) => Math.max(0, x - terms.spreadMarkup);
    const p = (x: number) => pointsToPrice(x, i.precision);
    const bid = q ? p(q.bid) : 0;
    const ask = q ? p(q.ask) : 0;
    return {
      Id: i.id,
      Code: i.code,
      ShowCode: i.show_code,
      Logo: logoPath(i.code),
      CategoryId: i.category_id,
      MarketStatus: this.isOpen(i, now) && q ? MARKET_OPEN : MARKET_CLOSED,
      PricePrecision: i.precision,
      Pip: i.lot_step,
      ForexMinCont: i.min_lots,
      ForexMaxCont: i.max_lots,
      ForexContNum: i.contract_size,
      ForexFeeRate: i.fee_rate,
      MarginMode: i.margin_mode,
      // The current published spread; before a quote, the configured one (with `markup`, the least it can be).
      Spread: q ? q.ask - q.bid : i.spread_points + 2 * terms.spreadMarkup,
      Pricing: i.pricing,
      Markup: effectiveMarkup(i),
      BaseCurrency: i.base,
      QuoteCurrency: i.quote,
      // The leverages the type allows (its cap), each keeping its place in the instrument's set as its id.
      HasForexMultiple: i.leverages
        .map((v, k) => ({ Id: k + 1, Value: v }))
        .filter((m) => leverageAllowed(m.Value, terms.maxLeverage)),
      ForexQuotations: {
        Open: q ? p(down(q.dayOpen)) : 0,
        High: q ? p(down(q.dayHigh)) : 0,
        Low: q ? p(down(q.dayLow)) : 0,
        Close: bid,
        Change: q?.change ?? 0,
        Bid: bid,
        Ask: ask,
        Time: q?.time ?? 0,
      },
      Bid: bid,
      Ask: ask,
      TimeZone: i.hours.timeZone,
    };
  }

  private categoryName(id: number, lang: Lang): string {
    const c = CATEGORIES.find((x) => x.id === id);
    const idx = LANGS.indexOf(lang);
    return c?.names[idx] ?? c?.names[1] ?? '';
  }
}
