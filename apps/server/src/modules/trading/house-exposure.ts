import { formatLots, lots as toLots, type Lots } from '@tradepad/domain';
import type { EngineInstrument, LiveOrder } from './live-book.ts';

/** The traders' holding positions in one instrument over real accounts, summed (the house is on the other side). */
export interface InstrumentExposure {
  inst: EngineInstrument;
  positions: number;
  /** Exact lots (LOT_SCALE units). */
  longLots: bigint;
  shortLots: bigint;
  /** Units (lots × contract size) and their cost (units × entry points), floats, for the figures at a quote. */
  longUnits: number;
  longCost: number;
  shortUnits: number;
  shortCost: number;
}

/** The market an instrument is valued at: bid and ask (points) and the USD rate of its quote currency at each. */
export interface ExposurePrices {
  bid: number;
  ask: number;
  rateBid: number;
  rateAsk: number;
}

/** One instrument's exposure at the current quote, in the desk's units (lots as text, USD as floats). */
export interface ExposureFigures {
  inst: EngineInstrument;
  positions: number;
  longLots: Lots;
  shortLots: Lots;
  netLots: Lots;
  /** Net units × bid, in USD (positive: traders net long). */
  netNotionalUsd: number;
  /** The house's floating result: minus the traders' floating P/L, USD. */
  houseUnrealised: number;
}

/**
 * The house's exposure per instrument over real accounts (DESIGN §11 `GET exposure`), kept by the live book as
 * positions open and close (`add` with +1 and −1, O(1) each), so the figures at a quote cost O(instruments), whatever
 * the number of positions. Demo accounts never count.
 */
export class HouseExposure {
  private readonly byInstrument = new Map<number, InstrumentExposure>();

  /** A real account's holding position enters (+1) or leaves (−1) the house's book. */
  add(o: LiveOrder, sign: 1 | -1): void {
    if (o.demo) return;
    const id = o.inst.row.id;
    let e = this.byInstrument.get(id);
    if (!e) {
      e = {
        inst: o.inst,
        positions: 0,
        longLots: 0n,
        shortLots: 0n,
        longUnits: 0,
        longCost: 0,
        shortUnits: 0,
        shortCost: 0,
      };
      this.byInstrument.set(id, e);
    }
    const lots = sign === 1 ? BigInt(o.lots) : -BigInt(o.lots);
    e.positions += sign;
    if (o.side === 1) {
      e.longLots += lots;
      e.longUnits += sign * o.unitsF;
      e.longCost += sign * o.unitsF * o.openPrice;
    } else {
      e.shortLots += lots;
      e.shortUnits += sign * o.unitsF;
      e.shortCost += sign * o.unitsF * o.openPrice;
    }
    if (e.positions === 0) this.byInstrument.delete(id);
  }

  /** The real clients' net position in an instrument (long − short), exact lots (LOT_SCALE units); 0 when none. */
  netLots(instrumentId: number): bigint {
    const e = this.byInstrument.get(instrumentId);
    return e ? e.longLots - e.shortLots : 0n;
  }

  /** Instruments with real positions, in no particular order. */
  instruments(): IterableIterator<InstrumentExposure> {
    return this.byInstrument.values();
  }

  /** The figures of every instrument with real positions at the prices given (one without prices values at 0). */
  figures(prices: (inst: EngineInstrument) => ExposurePrices | undefined): ExposureFigures[] {
    const out: ExposureFigures[] = [];
    for (const e of this.byInstrument.values()) {
      const p = prices(e.inst);
      const scale = e.inst.scale;
      let notional = 0;
      let house = 0;
      if (p) {
        const netUnits = e.longUnits - e.shortUnits;
        notional = ((netUnits * p.bid) / scale) * p.rateBid;
        const longPnl = e.longUnits === 0 ? 0 : (e.longUnits * p.bid - e.longCost) * p.rateBid;
        const shortPnl = e.shortUnits === 0 ? 0 : (e.shortCost - e.shortUnits * p.ask) * p.rateAsk;
        house = -(longPnl + shortPnl) / scale;
      }
      out.push({
        inst: e.inst,
        positions: e.positions,
        longLots: toLots(e.longLots),
        shortLots: toLots(e.shortLots),
        netLots: toLots(e.longLots - e.shortLots),
        netNotionalUsd: notional,
        houseUnrealised: house,
      });
    }
    return out;
  }
}

/** A float amount of USD as text with 2 decimals (never "-0.00"). */
export function usdText(v: number): string {
  const cents = Math.round(v * 100);
  return (cents === 0 ? 0 : cents / 100).toFixed(2);
}

export { formatLots };
