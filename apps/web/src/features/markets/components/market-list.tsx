import { startTransition, useEffect, useMemo, useState } from 'react';
import type { Category, TradeItem } from '@tradepad/contracts/market/constants';
import { nextTask } from '../../../shared/lib/tasks.ts';
import { MarketRow } from './market-row.tsx';
import './market-list.css';

/** Spec §9: the home skeleton has 10 rows. */
const SKELETON_ROWS = 10;
/** Rows a phone's first screen shows (see MarketRow's `onFirstScreen`). */
const FIRST_SCREEN_ROWS = 10;

/** The instruments as rows; the caller decides what shows while loading or when empty. */
export function MarketList({
  items,
  categories,
  testPrefix,
  onOpen,
  label,
  favourites,
  onToggleFavourite,
  alerts,
}: {
  items: readonly TradeItem[];
  categories?: readonly Category[];
  testPrefix: string;
  onOpen(item: TradeItem): void;
  label: string;
  /** The watchlist's ids; with `onToggleFavourite` each row shows its star. */
  favourites?: ReadonlySet<number>;
  onToggleFavourite?(item: TradeItem): void;
  /** Each row ends with the price alert bell. */
  alerts?: boolean;
}) {
  const names = useMemo(() => new Map((categories ?? []).map((c) => [c.Id, c.NameShowTrans])), [categories]);
  // The rows a phone shows first are drawn with the screen; the rest follow in a later task, so the task that lays out
  // and paints the first screen is not also building rows nobody sees yet.
  const [allRows, setAllRows] = useState(false);
  useEffect(() => {
    let mounted = true;
    void nextTask().then(() => mounted && startTransition(() => setAllRows(true)));
    return () => {
      mounted = false;
    };
  }, []);
  const rows = allRows ? items : items.slice(0, FIRST_SCREEN_ROWS);
  return (
    <ul className="market-list" aria-label={label}>
      {rows.map((item, index) => (
        <MarketRow
          key={item.Id}
          item={item}
          onFirstScreen={index < FIRST_SCREEN_ROWS}
          categoryName={names.get(item.CategoryId)}
          testPrefix={testPrefix}
          onOpen={onOpen}
          favourite={favourites?.has(item.Id)}
          onToggleFavourite={onToggleFavourite}
          alerts={alerts}
        />
      ))}
    </ul>
  );
}

/** Rows shaped like the list while it loads. */
export function MarketListSkeleton({ label }: { label: string }) {
  return (
    <ul className="market-list" data-testid="market-skeleton" aria-busy="true" aria-label={label}>
      {Array.from({ length: SKELETON_ROWS }, (_, i) => (
        <li key={i} className="market-row market-row-skeleton" aria-hidden="true">
          <span className="sk sk-avatar" />
          <span className="sk-lines">
            <span className="sk sk-line" />
            <span className="sk sk-line sk-short" />
          </span>
          <span className="sk sk-chart" />
          <span className="sk-lines sk-quote">
            <span className="sk sk-line" />
            <span className="sk sk-pill" />
          </span>
        </li>
      ))}
    </ul>
  );
}
