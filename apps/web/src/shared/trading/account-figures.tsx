import type { AccountSummary } from '@tradepad/contracts/trading/constants';
import { useTranslation } from '../../i18n/i18n.ts';
import { formatDecimal, formatPercentValue } from '../../i18n/format.ts';
import { useAccountSummary } from '../api/account-summary.api.ts';
import { useSettingsStore } from '../store/settings.store.ts';
import { useAccountFeed } from './account-feed.ts';
import './account-figures.css';

/**
 * The account's figures as MT5 shows them (DESIGN §17): Balance (cash + margin), Equity, Margin, Free margin (per the
 * account type's mode), Margin level ("—" with no position open) and Credit when there is some. The same figures on
 * Me, the wallet and the ticket; FOREX_TRADE pushes keep them live (account-feed.ts).
 */
export function AccountFigures({
  summary,
  testId,
  without = [],
}: {
  summary: AccountSummary | undefined;
  testId: string;
  /** Figures the screen already shows elsewhere (e.g. Me's headline balance). */
  without?: readonly string[];
}) {
  const { t } = useTranslation();
  const lang = useSettingsStore((s) => s.lang);
  const money = (v: string | undefined) => (v === undefined ? '--' : formatDecimal(v, lang, 2));
  const rows: Array<[string, string, string]> = [
    ['balance', t('orders.balance'), money(summary?.balance)],
    ['equity', t('orders.equity'), money(summary?.equity)],
    ['margin', t('trading.margin'), money(summary?.used_margin)],
    ['free-margin', t('orders.freeMargin'), money(summary?.free_margin)],
    [
      'margin-level',
      t('orders.marginLevel'),
      summary && summary.margin_level > 0 ? formatPercentValue(summary.margin_level, lang) : '--',
    ],
  ];
  if (Number(summary?.credit ?? 0) > 0) rows.push(['credit', t('orders.credit'), money(summary?.credit)]);
  const shown = rows.filter(([key]) => !without.includes(key));
  return (
    <dl className="account-figures" data-testid={testId}>
      {shown.map(([key, label, value]) => (
        <div key={key} className="account-figure">
          <dt>{label}</dt>
          <dd
            className={`num price${key === 'margin-level' && summary?.margin_call ? ' tone-down' : ''}`}
            data-testid={`${testId}-${key}`}
          >
            {value}
          </dd>
          {/* What free margin counts, said where it shows (issue 33: it ignored a floating profit without saying so). */}
          {key === 'free-margin' && summary && (
            <dd className="account-figure-note" data-testid={`${testId}-free-margin-mode`}>
              {t(`accountTypes.${summary.free_margin_mode}`)}
            </dd>
          )}
        </div>
      ))}
    </dl>
  );
}

/** The logged-in trader's live figures (fetched, then moved by pushes while shown). */
export function LiveAccountFigures({ testId, without }: { testId: string; without?: readonly string[] }) {
  useAccountFeed();
  const summary = useAccountSummary().data;
  return <AccountFigures summary={summary} testId={testId} without={without} />;
}
