import { useEffect, useRef } from 'react';
import { PERIODS, type Period, type TradeItem } from '@tradepad/contracts/market/constants';
import { useLocation, useNavigate } from '../../../shared/router/router.tsx';

const norm = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** The instrument a `symbol` parameter names (its code or display code, any case, "EUR/USD" or "eurusd"). */
export function findSymbol(items: readonly TradeItem[], symbol: string | null): TradeItem | undefined {
  const want = symbol ? norm(symbol) : '';
  if (!want) return undefined;
  return items.find((i) => norm(i.Code) === want) ?? items.find((i) => norm(i.ShowCode) === want);
}

export const isPeriod = (v: string | null): v is Period => (PERIODS as readonly string[]).includes(v ?? '');

/**
 * The shareable address of the trade screen (issue 20 point 5): `/trade?symbol=EURUSD&period=5min`. Opening it shows
 * that instrument and period; choosing another updates the address in place (no reload, no new history entry); an
 * unknown symbol or period is ignored (the current choice stays and the address is corrected). Other parameters
 * (`lang`, `theme`) are kept. Only while the trade screen is the one shown (the tab stays mounted behind others).
 */
export function useChartUrl({
  items,
  item,
  period,
  select,
  setPeriod,
}: {
  items: readonly TradeItem[] | undefined;
  item: TradeItem | undefined;
  period: Period;
  select(item: TradeItem): void;
  setPeriod(period: Period): void;
}): void {
  const location = useLocation();
  const navigate = useNavigate();
  /** The query string already applied (or written by us). */
  const seen = useRef<string | null>(null);
  const onTrade = location.pathname === '/trade';
  useEffect(() => {
    if (!onTrade || !items || !item) return;
    const params = new URLSearchParams(location.search);
    if (location.search !== seen.current) {
      seen.current = location.search;
      const wanted = findSymbol(items, params.get('symbol'));
      const wantedPeriod = params.get('period');
      let changed = false;
      if (wanted && wanted.Id !== item.Id) {
        select(wanted);
        changed = true;
      }
      if (isPeriod(wantedPeriod) && wantedPeriod !== period) {
        setPeriod(wantedPeriod);
        changed = true;
      }
      // The next render, with the new choice, writes the address.
      if (changed) return;
    }
    if (params.get('symbol') === item.Code && params.get('period') === period) return;
    params.set('symbol', item.Code);
    params.set('period', period);
    const search = `?${params.toString()}`;
    seen.current = search;
    navigate(`/trade${search}${location.hash}`, { replace: true });
  }, [onTrade, items, item, period, location.search, location.hash, select, setPeriod, navigate]);
}
