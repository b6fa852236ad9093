import { useTranslation } from '../../i18n/i18n.ts';
import type { Category } from '@tradepad/contracts/market/constants';
import './market.css';

/**
 * Category filter chips with an "All" chip first (spec §2): tapping a chip filters, tapping the active one clears
 * the filter. `null` is "All". An optional "Favourites" chip comes before them.
 */
export function CategoryChips({
  categories,
  value,
  onChange,
  className,
  testPrefix = 'category-chip',
  favourites,
}: {
  categories: readonly Category[];
  value: number | null;
  onChange(value: number | null): void;
  className?: string;
  /** `<prefix>-all` and `<prefix>-<Id>`; the drawer uses its own so the ids stay unique on the page. */
  testPrefix?: string;
  /** A "Favourites" chip first (the watchlist), active when `active`. */
  favourites?: { active: boolean; onSelect(): void };
}) {
  const { t } = useTranslation();
  return (
    <div className={['chips', className ?? ''].filter(Boolean).join(' ')} role="toolbar" aria-label={t('market.categories')}>
      {favourites && (
        <button
          type="button"
          className={`chip chip-fav${favourites.active ? ' is-active' : ''}`}
          aria-pressed={favourites.active}
          data-testid={`${testPrefix}-fav`}
          onClick={favourites.onSelect}
        >
          <span aria-hidden="true">★ </span>
          {t('market.favourites')}
        </button>
      )}
      <button
        type="button"
        className={`chip${value === null && !favourites?.active ? ' is-active' : ''}`}
        aria-pressed={value === null && !favourites?.active}
        data-testid={`${testPrefix}-all`}
        onClick={() => onChange(null)}
      >
        {t('market.all')}
      </button>
      {categories.map((c) => (
        <button
          key={c.Id}
          type="button"
          className={`chip${value === c.Id ? ' is-active' : ''}`}
          aria-pressed={value === c.Id}
          data-testid={`${testPrefix}-${c.Id}`}
          onClick={() => onChange(value === c.Id ? null : c.Id)}
        >
          {c.NameShowTrans}
        </button>
      ))}
    </div>
  );
}
