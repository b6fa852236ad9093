import { useCallback, useState } from 'react';
import { PERIODS, type Period } from '@tradepad/contracts/market/constants';
import { readStorage, writeStorage } from '../../../shared/lib/storage.ts';

const KEY = 'tradepad.period';
const DEFAULT_PERIOD: Period = '1min';

function readPeriod(): Period {
  const stored = readStorage(KEY);
  return (PERIODS as readonly string[]).includes(stored ?? '') ? (stored as Period) : DEFAULT_PERIOD;
}

/** The chart period, remembered across visits. */
export function usePeriod(): [Period, (period: Period) => void] {
  const [period, setPeriod] = useState<Period>(readPeriod);
  const choose = useCallback((next: Period) => {
    writeStorage(KEY, next);
    setPeriod(next);
  }, []);
  return [period, choose];
}
