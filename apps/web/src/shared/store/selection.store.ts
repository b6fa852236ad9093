import { create } from 'zustand';
import { readJson, writeStorage } from '../lib/storage.ts';

const KEY = 'tradepad.instrument';

/** The instrument the trade screen shows: chosen on home, product search or the trade picker; kept across visits. */
export interface SelectedInstrument {
  forexId: number;
  code: string;
}

export interface SelectionState {
  selected: SelectedInstrument | null;
  select(instrument: SelectedInstrument): void;
}

function readSelected(): SelectedInstrument | null {
  const stored = readJson<Partial<SelectedInstrument>>(KEY);
  if (!stored || typeof stored.forexId !== 'number' || typeof stored.code !== 'string') return null;
  return { forexId: stored.forexId, code: stored.code };
}

export const useSelectionStore = create<SelectionState>()((set) => ({
  selected: readSelected(),
  select(instrument) {
    const selected = { forexId: instrument.forexId, code: instrument.code };
    writeStorage(KEY, JSON.stringify(selected));
    set({ selected });
  },
}));
