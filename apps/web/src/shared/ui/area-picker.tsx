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
 * load on first use, so the login screen does not carry them. `signUp`: the restricted regions are not offered.
 */
export function AreaPrefix({ testId = 'area-picker', signUp = false }: { testId?: string; signUp?: boolean }) {
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
          <AreaSheet open={open} onClose={() => setOpen(false)} signUp={signUp} />
        </Suspense>
      )}
    </>
  );
}

/**
 * The country of residence of a sign-up (DESIGN §13): a field-like button that opens the country list without the
 * restricted regions, named in the reader's language.
 */
export function CountryPicker({
  label,
  placeholder,
  value,
  onChange,
  invalid,
  testId = 'country-picker',
}: {
  label: string;
  placeholder: string;
  value: string | null;
  onChange(areaCode: string): void;
  invalid?: boolean;
  testId?: string;
}) {
  const lang = useSettingsStore((s) => s.lang);
  const areas = useSettingsStore((s) => s.areas);
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const current = areas.find((a) => a.area_code === value);
  const id = `${testId}-label`;
  return (
    <div className="field">
      <span className="field-label" id={id}>
        {label}
      </span>
      <button
        type="button"
        className="field-box country-button"
        aria-labelledby={id}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-invalid={invalid}
        data-testid={testId}
        onPointerDown={() => void loadSheet()}
        onFocus={() => void loadSheet()}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <span className={current ? 'country-value' : 'country-value is-empty'}>
          {current ? regionName(current.area_code, lang, current.name) : placeholder}
        </span>
        <DownFill fontSize={10} aria-hidden />
      </button>
      {used && (
        <Suspense fallback={null}>
          <AreaSheet
            open={open}
            onClose={() => setOpen(false)}
            signUp
            chosen={value}
            onChoose={(a) => onChange(a.area_code)}
            title={label}
            testIdPrefix="country"
          />
        </Suspense>
      )}
    </div>
  );
}
