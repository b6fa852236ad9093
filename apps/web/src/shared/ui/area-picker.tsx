import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../i18n/i18n.ts';
import { DownFill } from 'antd-mobile-icons';
import { regionName } from '../../i18n/format.ts';
import { selectedArea, useSettingsStore } from '../store/settings.store.ts';

const loadSheet = () => import('./area-sheet.tsx');
const AreaSheet = lazy(loadSheet);

/**
 * The phone-number area: a `+852` button inside the phone field that opens a searchable list of countries, named in
 * the reader's language (Intl.DisplayNames on the ISO code, the server's name as fallback). The list and its sheet
 * load on first use, so the login screen does not carry them.
 */
export function AreaPrefix({ testId = 'area-picker' }: { testId?: string }) {
  const { t } = useTranslation();
  const lang = useSettingsStore((s) => s.lang);
  const current = useSettingsStore(selectedArea);
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);

  const currentLabel = current ? regionName(current.area_code, lang, current.name) : '';

  return (
    <>
      <button
        type="button"
        className="field-prefix-button num"
        aria-label={current ? t('area.current', { name: currentLabel, code: current.global_code }) : t('area.choose')}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid={testId}
        onPointerDown={() => void loadSheet()}
        onFocus={() => void loadSheet()}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        {current ? `+${current.global_code}` : '+'}
        <DownFill fontSize={10} aria-hidden />
      </button>
      {used && (
        <Suspense fallback={null}>
          <AreaSheet open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
