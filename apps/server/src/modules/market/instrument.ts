import type { MarketHours } from '@tradepad/domain';
import type { Selectable } from 'kysely';
import type { InstrumentsTable } from '../../db/schema.ts';

/** An instrument as the server uses it: the table row with its JSON columns parsed (the market repository reads it). */
export interface Instrument extends Omit<Selectable<InstrumentsTable>, 'leverages_json' | 'hours_json'> {
  leverages: number[];
  hours: MarketHours;
}
