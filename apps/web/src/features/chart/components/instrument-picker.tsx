import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { CloseOutline, SearchOutline } from 'antd-mobile-icons';
import { MARKET_OPEN, type Category, type TradeItem } from '@tradepad/contracts/market/constants';
import { isRtl } from '../../../i18n/lang.ts';
import { CategoryChips } from '../../../shared/market/category-chips.tsx';
import { InstrumentLogo } from '../../../shared/market/instrument-logo.tsx';
import { LiveChange, LivePrice } from '../../../shared/market/live-price.tsx';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { Popup } from '../../../shared/ui/antd.ts';
import { NoData } from '../../../shared/ui/no-data.tsx';
import { useTradeSearch } from '../../../shared/api/trade-list.api.ts';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value.ts';
import { NAME_SEARCH_DELAY_MS, pickerMatches } from '../hooks/picker-search.ts';

/**
 * The instrument drawer of the trade screen (spec §2): it slides in from the start side (the left, the right in
 * Arabic), with a search box, the category chips and every instrument with its live price.
 */
export function InstrumentPicker({
  visible,
  items,
  categories,
  currentId,
  onClose,
  onPick,
}: {
  visible: boolean;
  items: readonly TradeItem[];
  categories: readonly Category[];
  currentId: number | undefined;
  onClose(): void;
  onPick(item: TradeItem): void;
}) {
  const { t } = useTranslation();
  const lang = useSettingsStore((s) => s.lang);
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<number | null>(null);
  const list = useRef<HTMLUListElement>(null);

  // Opening shows the current instrument.
  useEffect(() => {
    if (!visible) return;
    const frame = requestAnimationFrame(() => list.current?.querySelector('.is-current')?.scrollIntoView({ block: 'center' }));
    return () => cancelAnimationFrame(frame);
  }, [visible]);
  // Names are the server's to match (in every language): what it finds for the settled text joins the codes matched here.
  const term = useDebouncedValue(search.trim(), NAME_SEARCH_DELAY_MS);
  const byName = useTradeSearch(visible ? term : '');
  const found = useMemo(
    () => new Set(term && !byName.isPlaceholderData ? (byName.data ?? []).map((i) => i.Id) : []),
    [term, byName.data, byName.isPlaceholderData],
  );
  const shown = useMemo(
    () => items.filter((i) => (category === null || i.CategoryId === category) && pickerMatches(i, search, found)),
    [items, category, search, found],
  );

  return (
    <Popup
      visible={visible}
      position={isRtl(lang) ? 'right' : 'left'}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="picker-body"
    >
      <div className="picker" role="dialog" aria-modal="true" aria-labelledby="picker-title" data-testid="instrument-picker">
        <div className="picker-head">
          <h2 id="picker-title" className="picker-title">
            {t('trade.choose')}
          </h2>
          <button type="button" className="icon-button" aria-label={t('common.close')} onClick={onClose}>
            <CloseOutline fontSize={20} aria-hidden />
          </button>
        </div>
        <label className="picker-search">
          <SearchOutline fontSize={16} aria-hidden />
          <input
            type="search"
            value={search}
            placeholder={t('home.search')}
            aria-label={t('home.search')}
            autoComplete="off"
            spellCheck={false}
            data-testid="picker-search"
            onChange={(e) => setSearch(e.target.value)}
          />
        </label>
        {categories.length > 0 && (
          <CategoryChips
            className="picker-chips"
            categories={categories}
            value={category}
            onChange={setCategory}
            testPrefix="picker-chip"
          />
        )}
        <ul ref={list} className="picker-list" aria-label={t('market.listLabel')}>
          {shown.map((item) => (
            <li key={item.Id}>
              <button
                type="button"
                className={`picker-row${item.Id === currentId ? ' is-current' : ''}`}
                aria-current={item.Id === currentId ? 'true' : undefined}
                data-testid={`picker-row-${item.Code}`}
                onClick={() => onPick(item)}
              >
                <InstrumentLogo src={item.Logo} name={item.ShowCode} size={28} />
                <span className="picker-row-name">
                  <span className="picker-row-code" dir="ltr">
                    {item.ShowCode}
                  </span>
                  {item.MarketStatus !== MARKET_OPEN && <span className="market-closed">{t('market.closed')}</span>}
                </span>
                <span className="picker-row-quote">
                  <LivePrice forexId={item.Id} precision={item.PricePrecision} fallback={item.ForexQuotations?.Close} />
                  <LiveChange forexId={item.Id} fallback={item.ForexQuotations?.Change} />
                </span>
              </button>
            </li>
          ))}
        </ul>
        {shown.length === 0 && <NoData title={t('product.noMatch', { query: search })} hint={t('product.noMatchHint')} />}
      </div>
    </Popup>
  );
}
