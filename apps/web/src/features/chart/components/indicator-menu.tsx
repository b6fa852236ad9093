import { useTranslation } from '../../../i18n/i18n.ts';
import { CloseOutline } from 'antd-mobile-icons';
import { Popup } from '../../../shared/ui/antd.ts';
import { INDICATORS, LOWER_PANE_INDICATORS, useChartSettings } from '../hooks/chart-settings.ts';

/** The indicators' menu (issue 20 point 5): overlays on the prices, then the lower panes; each a switch. */
export default function IndicatorMenu({ visible, onClose }: { visible: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const chosen = useChartSettings((s) => s.indicators);
  const toggle = useChartSettings((s) => s.toggleIndicator);
  const group = (title: string, ids: readonly (typeof INDICATORS)[number][]) => (
    <fieldset className="ind-group">
      <legend className="ind-group-title">{title}</legend>
      {ids.map((id) => (
        <label key={id} className="ind-row" data-testid={`indicator-${id}`}>
          <span className="ind-name">
            <span>
              <bdi dir="ltr">{t(`chart.ind.${id}`)}</bdi>
            </span>
            <span className="ind-hint">{t(`chart.indHint.${id}`)}</span>
          </span>
          <input type="checkbox" className="ind-check" checked={chosen.includes(id)} onChange={() => toggle(id)} />
        </label>
      ))}
    </fieldset>
  );
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="ind-sheet">
      <div role="dialog" aria-modal="true" aria-labelledby="ind-title" data-testid="indicator-menu">
        <div className="sheet-head">
          <h2 id="ind-title" className="sheet-title">
            {t('chart.indicators')}
          </h2>
          <button type="button" className="icon-button" aria-label={t('common.close')} onClick={onClose}>
            <CloseOutline fontSize={20} aria-hidden />
          </button>
        </div>
        {group(
          t('chart.overlays'),
          INDICATORS.filter((id) => !LOWER_PANE_INDICATORS.includes(id)),
        )}
        {group(t('chart.lowerPanes'), LOWER_PANE_INDICATORS)}
      </div>
    </Popup>
  );
}
