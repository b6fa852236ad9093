import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/i18n.ts';
import { formatPrice } from '../../i18n/format.ts';
import { useSettingsStore } from '../store/settings.store.ts';

/** A price of an alert (its level, the bid that fired it), in the instrument's digits, left to right in any language. */
export function AlertPrice({ value, precision }: { value: number | undefined; precision: number }) {
  const lang = useSettingsStore((s) => s.lang);
  return (
    <bdi dir="ltr" className="num price">
      {formatPrice(value, precision, lang)}
    </bdi>
  );
}

/**
 * One alert in a list with its delete button: the alerts page (`testId` "alerts") and the alert sheet's active alerts
 * on its instrument ("alert"). Every delete button waits while one delete is under way.
 */
export function AlertRow(props: {
  id: number;
  testId: string;
  deleting: boolean;
  onDelete(id: number): void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { id, testId } = props;
  return (
    <li className="alert-row" data-testid={`${testId}-row-${id}`}>
      <span className="alert-row-text">{props.children}</span>
      <button
        type="button"
        className="btn btn-danger alert-delete"
        data-testid={`${testId}-delete-${id}`}
        disabled={props.deleting}
        onClick={() => props.onDelete(id)}
      >
        {t('alerts.delete')}
      </button>
    </li>
  );
}
