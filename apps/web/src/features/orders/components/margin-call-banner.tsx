import { useTranslation } from '../../../i18n/i18n.ts';
import { ExclamationTriangleOutline } from 'antd-mobile-icons';
import { formatPercentValue } from '../../../i18n/format.ts';
import { useAccountSummary } from '../../../shared/api/account-summary.api.ts';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { useMarginCallNotice } from '../../../shared/trading/account-feed.ts';

/**
 * The margin-call warning (DESIGN §5): shown while the account is at or under the margin-call level, or once a
 * MARGIN_CALL notice arrived, with the server's words when it sent some.
 */
export function MarginCallBanner() {
  const { t } = useTranslation();
  const lang = useSettingsStore((s) => s.lang);
  const summary = useAccountSummary().data;
  const notice = useMarginCallNotice((s) => s.message);
  if (!summary?.margin_call && notice === null) return null;
  const level = summary ? formatPercentValue(summary.margin_level, lang) : '--';
  return (
    <div className="margin-call" role="alert" data-testid="margin-call">
      <ExclamationTriangleOutline className="margin-call-icon" aria-hidden />
      <div>
        <p className="margin-call-title">{t('orders.marginCallTitle')}</p>
        <p className="margin-call-text">{notice || t('orders.marginCall', { level })}</p>
      </div>
    </div>
  );
}
