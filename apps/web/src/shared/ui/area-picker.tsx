import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Popup } from './antd.ts';
import { CheckOutline, DownFill, SearchOutline } from 'antd-mobile-icons';
import type { Area } from '@tradepad/contracts/accounts';
import { regionName } from '../../i18n/format.ts';
import { selectedArea, useSettingsStore } from '../store/settings.store.ts';
import './area-picker.css';

/**
 * The phone-number area: a `+852` button inside the phone field that opens a searchable list of countries, named in
 * the reader's language (Intl.DisplayNames on the ISO code, the server's name as fallback).
 */
export function AreaPrefix({ testId = 'area-picker' }: { testId?: string }) {
  const { t } = useTranslation();
  const lang = useSettingsStore((s) => s.lang);
  const areas = useSettingsStore((s) => s.areas);
  const current = useSettingsStore(selectedArea);
  const selectArea = useSettingsStore((s) => s.selectArea);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');

  const named = useMemo(
    () => areas.map((a) => ({ area: a, label: regionName(a.area_code, lang, a.name) })),
    [areas, lang],
  );
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase().replace(/^\+/, '');
    if (!q) return named;
    return named.filter(
      ({ area, label }) =>
        label.toLowerCase().includes(q) ||
        area.name.toLowerCase().includes(q) ||
        area.global_code.startsWith(q) ||
        area.area_code.toLowerCase() === q,
    );
  }, [named, query]);

  const currentLabel = current ? regionName(current.area_code, lang, current.name) : '';
  const choose = (a: Area) => {
    selectArea(a.area_id);
    setOpen(false);
    setQuery('');
  };

  return (
    <>
      <button
        type="button"
        className="field-prefix-button num"
        aria-label={current ? t('area.current', { name: currentLabel, code: current.global_code }) : t('area.choose')}
        aria-haspopup="dialog"
        data-testid={testId}
        onClick={() => setOpen(true)}
      >
        {current ? `+${current.global_code}` : '+'}
        <DownFill fontSize={10} aria-hidden />
      </button>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyClassName="area-popup"
        destroyOnClose
      >
        <div role="dialog" aria-modal="true" aria-label={t('area.choose')} className="area-sheet">
          <div className="area-sheet-head">
            <h2 className="area-sheet-title">{t('area.choose')}</h2>
            <button type="button" className="area-sheet-close" onClick={() => setOpen(false)}>
              {t('common.cancel')}
            </button>
          </div>
          <label className="area-search">
            <SearchOutline fontSize={18} aria-hidden />
            <input
              type="search"
              value={query}
              placeholder={t('area.search')}
              aria-label={t('area.search')}
              data-testid="area-search"
              onChange={(e) => setQuery(e.target.value)}
            />
          </label>
          <ul className="area-list" role="listbox" aria-label={t('area.choose')}>
            {shown.map(({ area, label }) => {
              const active = area.area_id === current?.area_id;
              return (
                <li key={area.area_id} role="option" aria-selected={active}>
                  <button
                    type="button"
                    className={`area-item${active ? ' is-active' : ''}`}
                    data-testid={`area-${area.area_code}`}
                    onClick={() => choose(area)}
                  >
                    <span className="area-item-name">{label}</span>
                    <span className="area-item-code num">+{area.global_code}</span>
                    <span className="area-item-check">{active && <CheckOutline fontSize={18} aria-hidden />}</span>
                  </button>
                </li>
              );
            })}
            {shown.length === 0 && <li className="area-empty">{t('common.noData')}</li>}
          </ul>
        </div>
      </Popup>
    </>
  );
}
