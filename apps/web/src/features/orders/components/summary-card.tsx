import { useTranslation } from '../../../i18n/i18n.ts';
import { formatDecimal, formatPercentValue } from '../../../i18n/format.ts';
import { useAccountSummary } from '../../../shared/api/account-summary.api.ts';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { plTone, signed } from '../../../shared/trading/order-text.ts';

/**
 * The order screen's account card (spec §2, DESIGN §17 MT5's figures): Balance (cash + margin), Equity, Margin, Free
 * margin, floating P/L and Margin level ("--" with no position), fetched once and then moved by FOREX_TRADE pushes.
 */
export function SummaryCard() {
  const { t } = useTranslation();
  const lang = useSettingsStore((s) => s.lang);
  const summary = useAccountSummary().data;
  const money = (v: string | undefined) => (v === undefined ? '--' : formatDecimal(v, lang, 2));
  const floating = summary?.floating ?? '0.00';
  return (
    <section className="summary-card" aria-labelledby="summary-title" data-testid="account-summary">
      <div className="summary-head">
        <h2 id="summary-title" className="summary-title">
          {t('orders.equity')} <span className="summary-unit">USD</span>
        </h2>
        <p className="summary-equity num price" data-testid="summary-equity">
          {money(summary?.equity)}
        </p>
      </div>
      <dl className="summary-grid">
        <div>
          <dt>{t('orders.balance')}</dt>
          <dd className="num price" data-testid="summary-balance">
            {money(summary?.balance)}
          </dd>
        </div>
        {/* Credit (issue 32): part of the equity above, never withdrawable; shown when there is some. */}
        {Number(summary?.credit ?? 0) > 0 && (
          <div>
            <dt>{t('orders.credit')}</dt>
            <dd className="num price" data-testid="summary-credit">
              {money(summary?.credit)}
            </dd>
          </div>
        )}
        <div>
          <dt>{t('orders.floating')}</dt>
          <dd className={`num price ${summary ? plTone(floating) : ''}`} data-testid="summary-floating">
            {summary ? signed(floating, money(floating)) : '--'}
          </dd>
        </div>
        <div>
          <dt>{t('trading.margin')}</dt>
          <dd className="num price" data-testid="summary-used-margin">
            {money(summary?.used_margin)}
          </dd>
        </div>
        <div>
          <dt>{t('orders.freeMargin')}</dt>
          <dd className="num price" data-testid="summary-free-margin">
            {money(summary?.free_margin)}
          </dd>
          {/* What free margin counts, per the account type (issue 33: a floating profit ignored without a word). */}
          {summary && (
            <dd className="summary-note" data-testid="summary-free-margin-mode">
              {t(`accountTypes.${summary.free_margin_mode}`)}
            </dd>
          )}
        </div>
        <div>
          <dt>{t('orders.marginLevel')}</dt>
          <dd className={`num price${summary?.margin_call ? ' tone-down' : ''}`} data-testid="summary-margin-level">
            {summary && summary.margin_level > 0 ? formatPercentValue(summary.margin_level, lang) : '--'}
          </dd>
        </div>
      </dl>
    </section>
  );
}
