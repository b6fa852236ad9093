import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { useNavigate } from '../../../shared/router/router.tsx';
import { Dialog } from '../../../shared/ui/antd.ts';
import {
  AppstoreOutline,
  BellOutline,
  BankcardOutline,
  CheckShieldOutline,
  EyeInvisibleOutline,
  EyeOutline,
  FileOutline,
  HistogramOutline,
  GlobalOutline,
  KeyOutline,
  LockOutline,
  LoopOutline,
  MailOutline,
  MessageOutline,
  RightOutline,
  SetOutline,
  SoundOutline,
  UndoOutline,
  UserAddOutline,
  UserContactOutline,
} from 'antd-mobile-icons';
import { LANG_NAMES } from '@tradepad/contracts/languages';
import { formatMoney } from '../../../i18n/format.ts';
import { useUserInfo } from '../../../shared/api/user-info.api.ts';
import { readStorage, writeStorage } from '../../../shared/lib/storage.ts';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { isDemo, useUserStore } from '../../../shared/store/user.store.ts';
import { useAccountFeed } from '../../../shared/trading/account-feed.ts';
import { AccountFigures } from '../../../shared/trading/account-figures.tsx';
import { useAccountSummary } from '../../../shared/api/account-summary.api.ts';
import { InstallBanner } from '../../../shared/ui/install-banner.tsx';
import { NoticeBell } from '../../../shared/ui/notice-bell.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { toastMessage } from '../../../shared/ui/toast.ts';
import { useBalance } from '../api/get-balance.api.ts';
import { useResetDemo } from '../api/reset-demo.api.ts';
import { useSwitchAccount } from '../api/switch-account.api.ts';
import './user-page.css';

const HIDE_BALANCE_KEY = 'tradepad.hideBalance';

interface MenuEntry {
  key: string;
  to: string;
  icon: ReactNode;
  /** Refused to demo accounts with the only-real-account message (spec §6). */
  realOnly?: boolean;
  detail?: string;
}

/** /user, the Me screen (spec §2): account card, deposit and withdraw, demo reset, and the menu. */
export default function UserPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = useSettingsStore((s) => s.lang);
  const profile = useUserStore((s) => s.profile);
  const demo = isDemo(profile);
  const [hidden, setHidden] = useState(() => readStorage(HIDE_BALANCE_KEY) === '1');
  useUserInfo();
  const balanceQuery = useBalance();
  const summary = useAccountSummary().data;
  // The balance moves with every FOREX_TRADE push while this screen shows.
  useAccountFeed();
  const resetDemo = useResetDemo();
  const switchMutation = useSwitchAccount();

  // Issue 21: between one's real and demo account without signing in again. A demo opened on this device by its uuid
  // alone cannot open the real account: the server says so, and the trader signs in to it.
  const switchAccount = async () => {
    try {
      await switchMutation.mutateAsync();
      void balanceQuery.refetch();
    } catch {
      if (demo) void navigate('/login?from=%2Fuser');
    }
  };

  const go = (to: string, realOnly = false) => {
    if (realOnly && demo) {
      toastMessage(t('msg.onlyRealAccount'));
      return;
    }
    void navigate(to);
  };

  const toggleBalance = () => {
    setHidden((h) => {
      writeStorage(HIDE_BALANCE_KEY, h ? '0' : '1');
      return !h;
    });
  };

  const confirmResetDemo = async () => {
    const ok = await Dialog.confirm({
      title: t('user.resetDemo'),
      content: t('user.resetDemoConfirm'),
      confirmText: t('user.resetDemoAction'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    try {
      await resetDemo.mutateAsync();
      void balanceQuery.refetch();
    } catch {
      // Shown by the API client.
    }
  };

  const accountLabel = !profile
    ? ''
    : demo
      ? t('user.demoAccount')
      : profile.email || (profile.mobile ? `+${profile.global_code} ${profile.mobile}` : '');
  const initial = (demo ? 'D' : (profile?.email || profile?.mobile || '?').charAt(0)).toUpperCase();
  // MT5's Balance (DESIGN §17: cash + margin) once the summary is in; the profile's cash until then (equal when flat).
  const balance = summary?.balance ?? profile?.balance ?? '0';

  const groups: MenuEntry[][] = [
    [
      { key: 'history', to: '/mine/history', icon: <HistogramOutline /> },
      { key: 'alerts', to: '/mine/alerts', icon: <BellOutline /> },
      { key: 'wallet', to: '/mine/wallet', icon: <BankcardOutline />, realOnly: true },
      { key: 'auth', to: '/mine/auth', icon: <UserContactOutline />, realOnly: true },
      { key: 'invite', to: '/mine/invite', icon: <UserAddOutline />, realOnly: true },
      { key: 'password', to: '/mine/password', icon: <LockOutline />, realOnly: true },
      { key: 'twoFactor', to: '/mine/two-factor', icon: <KeyOutline />, realOnly: true },
      { key: 'devices', to: '/mine/devices', icon: <CheckShieldOutline /> },
      // Account types (issue 32): the trader's own named beside the entry.
      { key: 'accountTypes', to: '/account-types', icon: <AppstoreOutline />, detail: profile?.account_type?.name },
    ],
    [
      { key: 'notices', to: '/mine/notices', icon: <BellOutline /> },
      { key: 'chat', to: '/mine/chat', icon: <MessageOutline /> },
      { key: 'email', to: '/mine/email', icon: <MailOutline /> },
      { key: 'announcement', to: '/mine/announcement', icon: <SoundOutline /> },
      { key: 'news', to: '/news', icon: <FileOutline /> },
    ],
    [
      { key: 'language', to: '/language', icon: <GlobalOutline />, detail: LANG_NAMES[lang] },
      { key: 'system', to: '/mine/system', icon: <SetOutline /> },
    ],
  ];

  return (
    <Page name="user" withTabBar bodyClassName="user-body">
      <h1 className="visually-hidden">{t('route.user')}</h1>
      <section className="account-card" aria-label={t('user.accountCard')}>
        <div className="account-head">
          <span className="account-avatar circle-44" aria-hidden="true">
            {initial}
          </span>
          <div className="account-id">
            <p className="account-name">
              <bdi className="account-name-text" data-testid="user-email">
                {accountLabel}
              </bdi>
              {demo && <span className="account-badge">{t('user.demoBadge')}</span>}
            </p>
            <p className="account-uid">
              {t('user.uid')}:{' '}
              <span className="num" data-testid="user-uid">
                {profile?.uid ?? ''}
              </span>
            </p>
          </div>
          <span className="account-bell">
            <NoticeBell />
          </span>
        </div>
        <div className="account-balance">
          <div className="account-balance-label">
            <span id="balance-label">{t('user.balance')}</span>
            <button
              type="button"
              className="account-eye"
              aria-label={hidden ? t('user.showBalance') : t('user.hideBalance')}
              aria-pressed={hidden}
              data-testid="balance-toggle"
              onClick={toggleBalance}
            >
              {hidden ? <EyeInvisibleOutline fontSize={18} aria-hidden /> : <EyeOutline fontSize={18} aria-hidden />}
            </button>
          </div>
          <p className="account-balance-value num" aria-labelledby="balance-label" data-testid="user-balance">
            {hidden ? '****' : formatMoney(balance, lang)}
          </p>
          {!hidden && <AccountFigures summary={summary} testId="user-figures" without={['balance']} />}
        </div>
        <div className="account-actions">
          <button
            type="button"
            className="account-action is-primary"
            data-testid="user-charge"
            onClick={() => go('/mine/charge', true)}
          >
            {t('user.deposit')}
          </button>
          <button type="button" className="account-action" data-testid="user-withdraw" onClick={() => go('/mine/withdraw', true)}>
            {t('user.withdraw')}
          </button>
        </div>
      </section>

      {demo && (
        <section className="demo-card">
          <p className="demo-card-text">{t('user.demoNotice')}</p>
          <div className="demo-card-actions">
            <button type="button" className="demo-card-button" data-testid="reset-demo" onClick={() => void confirmResetDemo()}>
              <UndoOutline fontSize={16} aria-hidden />
              {t('user.resetDemo')}
            </button>
            {profile?.linked === 1 ? (
              <button
                type="button"
                className="demo-card-button is-primary"
                data-testid="switch-to-real"
                disabled={switchMutation.isPending}
                onClick={() => void switchAccount()}
              >
                <LoopOutline fontSize={16} aria-hidden />
                {t('user.switchToReal')}
              </button>
            ) : (
              <button
                type="button"
                className="demo-card-button is-primary"
                data-testid="open-real-account"
                onClick={() => void navigate('/register')}
              >
                <UserAddOutline fontSize={16} aria-hidden />
                {t('user.openRealAccount')}
              </button>
            )}
          </div>
        </section>
      )}
      {profile && !demo && (
        <section className="demo-card switch-card">
          <p className="demo-card-text">{t('user.demoSwitchNotice')}</p>
          <button
            type="button"
            className="demo-card-button"
            data-testid="switch-to-demo"
            disabled={switchMutation.isPending}
            onClick={() => void switchAccount()}
          >
            <LoopOutline fontSize={16} aria-hidden />
            {t('user.switchToDemo')}
          </button>
        </section>
      )}

      <InstallBanner />

      {groups.map((group, i) => (
        <ul key={i} className="menu-group">
          {group.map((entry) => (
            <li key={entry.key}>
              <button
                type="button"
                className="menu-row"
                data-testid={`menu-${entry.key}`}
                onClick={() => go(entry.to, entry.realOnly)}
              >
                <span className="menu-icon" aria-hidden="true">
                  {entry.icon}
                </span>
                <span className="menu-label">{t(`menu.${entry.key}`)}</span>
                {entry.detail && <span className="menu-detail">{entry.detail}</span>}
                <RightOutline className="menu-chevron flip-rtl" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ))}
    </Page>
  );
}
