import { useState } from 'react';
import { CloseOutline } from 'antd-mobile-icons';
import { INDICATOR_TYPES } from '@tradepad/contracts/charts/constants';
import { useTranslation } from '../../../i18n/i18n.ts';
import { Popup } from '../../../shared/ui/antd.ts';
import { useChartLayout, type IndicatorType } from '../hooks/chart-layout.ts';
import { isOverlay, newIndicator, paramsLabel } from '../hooks/indicator-params.ts';
import { IndicatorSettings } from './indicator-settings.tsx';

/**
 * The indicators' menu (DESIGN §17): the indicators on the chart, each with its settings (periods, colour) and
 * Remove; below, every kind to add, on the prices or in a pane below (several of one kind at once).
 */
export default function IndicatorMenu({ visible, onClose }: { visible: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const indicators = useChartLayout((s) => s.layout.indicators);
  const add = useChartLayout((s) => s.addIndicator);
  const remove = useChartLayout((s) => s.removeIndicator);
  const [editing, setEditing] = useState<string | null>(null);
  const edited = indicators.find((i) => i.key === editing);
  const close = () => {
    setEditing(null);
    onClose();
  };
  const addRows = (title: string, types: readonly IndicatorType[]) => (
    <fieldset className="ind-group">
      <legend className="ind-group-title">{title}</legend>
      {types.map((type) => (
        <div key={type} className="ind-row">
          <span className="ind-name">
            <span>
              <bdi dir="ltr">{t(`chart.ind.${type}`)}</bdi>
            </span>
            <span className="ind-hint">{t(`chart.indHint.${type}`)}</span>
          </span>
          <button
            type="button"
            className="ind-add"
            aria-label={t('chart.indAdd', { name: t(`chart.ind.${type}`) })}
            data-testid={`indicator-add-${type}`}
            onClick={() => add(newIndicator(type, indicators))}
          >
            +
          </button>
        </div>
      ))}
    </fieldset>
  );
  return (
    <Popup visible={visible} onMaskClick={close} onClose={close} bodyClassName="ind-sheet">
      <div role="dialog" aria-modal="true" aria-labelledby="ind-title" data-testid="indicator-menu">
        <div className="sheet-head">
          <h2 id="ind-title" className="sheet-title">
            {edited ? t('chart.indSettingsOf', { name: t(`chart.ind.${edited.type}`) }) : t('chart.indicators')}
          </h2>
          <button
            type="button"
            className="icon-button"
            aria-label={t('common.close')}
            data-testid="indicator-close"
            onClick={close}
          >
            <CloseOutline fontSize={20} aria-hidden />
          </button>
        </div>
        {edited ? (
          <IndicatorSettings key={edited.key} indicator={edited} onDone={() => setEditing(null)} />
        ) : (
          <>
            <fieldset className="ind-group">
              <legend className="ind-group-title">{t('chart.indActive')}</legend>
              {indicators.length === 0 && <p className="ind-hint ind-none">{t('chart.indNone')}</p>}
              {indicators.map((ind, n) => (
                <div key={ind.key} className="ind-row" data-testid="indicator-active" data-type={ind.type}>
                  <span className="ind-swatch" style={{ background: ind.color }} aria-hidden="true" />
                  <span className="ind-name ind-grow">
                    <bdi dir="ltr">
                      {t(`chart.ind.${ind.type}`)} <span className="ind-params num">({paramsLabel(ind)})</span>
                    </bdi>
                  </span>
                  <button
                    type="button"
                    className="ind-action"
                    data-testid={`indicator-edit-${n}`}
                    onClick={() => setEditing(ind.key)}
                  >
                    {t('chart.indSettings')}
                  </button>
                  <button
                    type="button"
                    className="ind-action ind-remove"
                    aria-label={t('chart.indRemoveOf', { name: t(`chart.ind.${ind.type}`) })}
                    data-testid={`indicator-remove-${n}`}
                    onClick={() => remove(ind.key)}
                  >
                    <CloseOutline fontSize={16} aria-hidden />
                  </button>
                </div>
              ))}
            </fieldset>
            {addRows(t('chart.overlays'), INDICATOR_TYPES.filter(isOverlay))}
            {addRows(
              t('chart.lowerPanes'),
              INDICATOR_TYPES.filter((x) => !isOverlay(x)),
            )}
          </>
        )}
      </div>
    </Popup>
  );
}
