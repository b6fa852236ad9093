import { useTranslation } from '../../../i18n/i18n.ts';
import { formatDateTime } from '../../../i18n/format.ts';
import { useAlerts, useDeleteAlert } from '../../../shared/alerts/alerts.api.ts';
import { AlertPrice, AlertRow } from '../../../shared/alerts/alert-row.tsx';
import { conditionKey } from '../../../shared/alerts/alert-text.ts';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { NoData } from '../../../shared/ui/no-data.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import '../../../shared/ui/form.css';
import '../../../shared/alerts/alerts.css';

/**
 * /mine/alerts (issue 20 point 7): the trader's price alerts, active ones first, then those that fired (with the bid
 * that fired them and when); each can be deleted. New alerts are made from the chart's 🔔 or a markets row.
 */
export default function AlertsPage() {
  const { t } = useTranslation();
  const lang = useSettingsStore((s) => s.lang);
  const alerts = useAlerts();
  const remove = useDeleteAlert();
  const rows = [...(alerts.data?.data ?? [])].sort((a, b) => (a.State === b.State ? b.Id - a.Id : a.State === 'active' ? -1 : 1));

  let body;
  if (alerts.isPending) {
    body = <span className="sk" style={{ display: 'block', height: 56, margin: 16 }} aria-hidden="true" />;
  } else if (alerts.isError && !alerts.data) {
    body = (
      <NoData
        title={t('alerts.loadError')}
        action={
          <button type="button" className="no-data-action" onClick={() => void alerts.refetch()}>
            {t('common.reload')}
          </button>
        }
      />
    );
  } else if (rows.length === 0) {
    body = <NoData title={t('alerts.empty')} hint={t('alerts.emptyHint')} />;
  } else {
    body = (
      <ul className="alert-list alert-page-list" data-testid="alerts-list">
        {rows.map((a) => (
          <AlertRow key={a.Id} id={a.Id} testId="alerts" deleting={remove.isPending} onDelete={remove.mutate}>
            <span>
              <bdi dir="ltr">{a.ShowCode}</bdi> · {t(conditionKey(a.Condition))}{' '}
              <AlertPrice value={Number(a.Price)} precision={a.PricePrecision} />
            </span>
            {a.State === 'fired' ? (
              <span className="alert-row-sub">
                {t('alerts.firedAt', { time: formatDateTime(a.FiredAt, lang) })}{' '}
                <AlertPrice value={Number(a.FiredBid)} precision={a.PricePrecision} />
              </span>
            ) : (
              <span className="alert-state" data-testid={`alerts-state-${a.Id}`}>
                {t('alerts.active')}
              </span>
            )}
          </AlertRow>
        ))}
      </ul>
    );
  }

  return (
    <Page name="alerts" title={t('alerts.title')} back="/user" bodyClassName="alerts-body">
      {body}
    </Page>
  );
}
