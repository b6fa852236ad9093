import { useState } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { CHART_COLORS, useChartLayout, type ChartIndicator } from '../hooks/chart-layout.ts';
import { PARAM_SPECS, clampParam } from '../hooks/indicator-params.ts';
import './indicator-settings.css';

/**
 * One indicator's settings: its periods (each kept within its range: a typed 0 becomes 1) and its colour; applied
 * with Done, or the indicator removed.
 */
export function IndicatorSettings({ indicator, onDone }: { indicator: ChartIndicator; onDone(): void }) {
  const { t } = useTranslation();
  const update = useChartLayout((s) => s.updateIndicator);
  const remove = useChartLayout((s) => s.removeIndicator);
  const specs = PARAM_SPECS[indicator.type];
  const values = indicator as unknown as Record<string, number>;
  const [draft, setDraft] = useState<Record<string, string>>(() =>
    Object.fromEntries(specs.map((s) => [s.name, String(values[s.name])])),
  );
  const [color, setColor] = useState(indicator.color);
  const apply = () => {
    const patch: Record<string, unknown> = { color };
    for (const s of specs) patch[s.name] = clampParam(s, Number(draft[s.name]?.replace(',', '.')));
    update(indicator.key, patch);
    onDone();
  };
  return (
    <form
      className="ind-settings"
      data-testid="indicator-settings"
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
    >
      {specs.map((s) => (
        <label key={s.name} className="ind-field">
          <span>{t(`chart.param.${s.name}`)}</span>
          <input
            className="ind-input num"
            type="number"
            inputMode={s.step === 1 ? 'numeric' : 'decimal'}
            min={s.min}
            max={s.max}
            step={s.step}
            value={draft[s.name] ?? ''}
            data-testid={`indicator-param-${s.name}`}
            onChange={(e) => setDraft({ ...draft, [s.name]: e.target.value })}
          />
        </label>
      ))}
      <fieldset className="ind-colors">
        <legend className="ind-field-title">{t('chart.color')}</legend>
        {CHART_COLORS.map((c, i) => (
          <button
            key={c}
            type="button"
            className={`ind-color${c === color ? ' is-active' : ''}`}
            style={{ background: c }}
            aria-label={t('chart.colorN', { n: i + 1 })}
            aria-pressed={c === color}
            data-testid={`indicator-color-${i}`}
            onClick={() => setColor(c)}
          />
        ))}
      </fieldset>
      <div className="ind-buttons">
        <button
          type="button"
          className="ind-button ind-button-quiet"
          data-testid="indicator-delete"
          onClick={() => {
            remove(indicator.key);
            onDone();
          }}
        >
          {t('chart.indRemove')}
        </button>
        <button type="submit" className="ind-button" data-testid="indicator-save">
          {t('chart.indDone')}
        </button>
      </div>
    </form>
  );
}
