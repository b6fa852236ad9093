import { useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/i18n.ts';
import { CheckOutline, SearchOutline } from 'antd-mobile-icons';
import type { Area } from '@tradepad/contracts/accounts/constants';
import { LANG_TAGS } from '@tradepad/contracts/languages';
import { regionName } from '../../i18n/format.ts';
import { selectedArea, useSettingsStore } from '../store/settings.store.ts';
import { Popup } from './antd.ts';
import './area-picker.css';

/** The regions the server lists first (areas.data.ts: Hong Kong, then the United States), kept on top. */
const PREFERRED = 2;

/**
 * The searchable country list of the area picker, in a bottom sheet. Loaded when first opened. For a sign-up
 * (`signUp`) the restricted regions are not offered (DESIGN §13); sign-in keeps them, so their accounts can sign in.
 * With `onChoose` it picks a country for the caller (the country of residence) instead of the phone area.
 *
 * The server lists its preferred regions first (Hong Kong, the United States), then the rest by ISO code: those stay
 * on top, and the rest are listed by their name in the reader's language, where a reader looks for them.
 */
export default function AreaSheet({
  open,
  onClose,
  signUp = false,
  chosen,
  onChoose,
  title,
  testIdPrefix = 'area',
}: {
  open: boolean;
  onClose(): void;
  signUp?: boolean;
  chosen?: string | null;
  onChoose?: (area: Area) => void;
  title?: string;
  testIdPrefix?: string;
}) {
  const { t } = useTranslation();
  const lang = useSettingsStore((s) => s.lang);
  const areas = useSettingsStore((s) => s.areas);
  const phoneArea = useSettingsStore(selectedArea);
  const selectArea = useSettingsStore((s) => s.selectArea);
  const [query, setQuery] = useState('');
  const current = onChoose ? areas.find((a) => a.area_code === chosen) : phoneArea;
  const heading = title ?? t('area.choose');

  const named = useMemo(() => {
    const all = areas.map((a) => ({ area: a, label: regionName(a.area_code, lang, a.name) }));
    const byName = new Intl.Collator(LANG_TAGS[lang]).compare;
    return [...all.slice(0, PREFERRED), ...all.slice(PREFERRED).sort((a, b) => byName(a.label, b.label))].filter(
      ({ area }) => !(signUp && area.restricted === 1),
    );
  }, [areas, lang, signUp]);
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

  const close = () => {
    onClose();
    setQuery('');
  };
  const choose = (a: Area) => {
    if (onChoose) onChoose(a);
    else selectArea(a.area_id);
    close();
  };

  return (
    <Popup visible={open} onMaskClick={close} onClose={close} bodyClassName="area-popup" destroyOnClose>
      <div role="dialog" aria-modal="true" aria-label={heading} className="area-sheet">
        <div className="area-sheet-head">
          <h2 className="area-sheet-title">{heading}</h2>
          <button type="button" className="area-sheet-close" onClick={close}>
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
        <ul className="area-list" role="listbox" aria-label={heading}>
          {shown.map(({ area, label }) => {
            const active = area.area_id === current?.area_id;
            return (
              <li key={area.area_id} role="option" aria-selected={active}>
                <button
                  type="button"
                  className={`area-item${active ? ' is-active' : ''}`}
                  data-testid={`${testIdPrefix}-${area.area_code}`}
                  onClick={() => choose(area)}
                >
                  <span className="area-item-name">{label}</span>
                  {!onChoose && <span className="area-item-code num">+{area.global_code}</span>}
                  <span className="area-item-check">{active && <CheckOutline fontSize={18} aria-hidden />}</span>
                </button>
              </li>
            );
          })}
          {shown.length === 0 && <li className="area-empty">{t('common.noData')}</li>}
        </ul>
      </div>
    </Popup>
  );
}
