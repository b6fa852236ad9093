import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { AssetIcon } from './asset-icon.tsx';
import { Link } from '../../../shared/router/router.tsx';
import { BankcardOutline, FileOutline, RightOutline, UnorderedListOutline } from 'antd-mobile-icons';
import { formatDecimal } from '../../../i18n/format.ts';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { useWalletBalance } from '../api/wallet-balance.api.ts';
import { LiveAccountFigures } from '../../../shared/trading/account-figures.tsx';
import '../../../shared/market/market.css';
import './wallet.css';

/** /mine/wallet: the balance and what withdrawals hold, deposit and withdraw, bound methods and the records. */
export default function WalletPage() {
  const { t } = useTranslation();
  const lang = useSettingsStore((s) => s.lang);
  const detail = useWalletBalance();

  const amount = (value: string | undefined, testId: string, small = false) =>
    detail.isPending ? (
      <span className="sk" style={{ width: '70%', height: small ? 22 : 28, marginTop: 4, opacity: 0.5 }} aria-hidden="true" />
    ) : (
      <p className={`wallet-balance-value num price${small ? ' is-small' : ''}`} data-testid={testId}>
        {value !== undefined ? formatDecimal(value, lang, 2) : '--'}
      </p>
    );

  const entries: [string, string, ReactNode, string][] = [
    ['/mine/bank-card-list', t('route.bankCardList'), <BankcardOutline key="b" />, 'wallet-bank-cards'],
    ['/mine/coin-address-list', t('route.coinAddressList'), <AssetIcon key="c" code="USDT" />, 'wallet-coin-addresses'],
    ['/mine/charge?view=records', t('charge.records'), <UnorderedListOutline key="d" />, 'wallet-deposit-records'],
    ['/mine/withdraw?view=records', t('withdraw.records'), <FileOutline key="w" />, 'wallet-withdrawal-records'],
  ];

  return (
    <Page name="wallet" title={t('route.wallet')} back="/user" bodyClassName="wallet-body">
      <section className="wallet-balance-card" aria-label={t('wallet.balances')}>
        <div>
          <p className="wallet-balance-label">{t('wallet.cash')}</p>
          {amount(detail.data?.balance, 'wallet-balance')}
        </div>
        <div>
          <p className="wallet-balance-label">{t('wallet.locked')}</p>
          {amount(detail.data?.lock_balance, 'wallet-locked', true)}
        </div>
        {/* Credit (issue 32): bonuses, counted for margin but never withdrawable; shown only when there is some. */}
        {Number(detail.data?.credit ?? 0) > 0 && (
          <div className="wallet-credit" data-testid="wallet-credit-box">
            <p className="wallet-balance-label">{t('wallet.credit')}</p>
            {amount(detail.data?.credit, 'wallet-credit', true)}
            <p className="wallet-credit-hint">{t('wallet.creditHint')}</p>
          </div>
        )}
        <div className="wallet-actions">
          <Link to="/mine/charge" className="wallet-action is-primary" data-testid="wallet-charge">
            {t('user.deposit')}
          </Link>
          <Link to="/mine/withdraw" className="wallet-action" data-testid="wallet-withdraw">
            {t('user.withdraw')}
          </Link>
        </div>
      </section>
      {/* The trading account as MT5 shows it (DESIGN §17); the cash above is what withdrawals take from. */}
      <section className="wallet-figures" aria-label={t('wallet.figures')}>
        <LiveAccountFigures testId="wallet-figures" />
      </section>
      <p className="wallet-notice tint-primary">{t('wallet.lockedHint')}</p>
      <ul className="wallet-menu">
        {entries.map(([to, label, icon, testId]) => (
          <li key={to}>
            <Link to={to} className="wallet-menu-row" data-testid={testId}>
              <span className="method-icon" aria-hidden="true">
                {icon}
              </span>
              <span className="wallet-menu-label">{label}</span>
              <RightOutline className="wallet-menu-chevron flip-rtl" aria-hidden />
            </Link>
          </li>
        ))}
      </ul>
    </Page>
  );
}
