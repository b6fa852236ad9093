import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { useNavigate } from '../../../shared/router/router.tsx';
import { Dialog } from '../../../shared/ui/antd.ts';
import { RightOutline } from 'antd-mobile-icons';
import { LANG_NAMES } from '@tradepad/contracts/languages';
import { endSession } from '../../../shared/session/end-session.ts';
import { Switch } from '../../../shared/ui/switch.tsx';
import { upDownOf, useSettingsStore, type UpDown } from '../../../shared/store/settings.store.ts';
import { THEME_CHOICES } from '../../../shared/theme/theme.ts';
import { useUserStore } from '../../../shared/store/user.store.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { logout } from '../api/logout.api.ts';
import './user-page.css';
import './system-page.css';

const RED = 'var(--tp-danger)';
const GREEN = 'var(--tp-success)';
const UP_DOWN_OPTIONS: { value: UpDown; labelKey: string; up: string; down: string }[] = [
  { value: 'greenUp', labelKey: 'system.greenUp', up: GREEN, down: RED },
  { value: 'redUp', labelKey: 'system.redUp', up: RED, down: GREEN },
];

const THEME_LABELS = { light: 'system.themeLight', dark: 'system.themeDark', system: 'system.themeSystem' } as const;

/**
 * /mine/system ("other"): language, version, theme and price colours (DESIGN §9) and logout after confirmation
 * (spec §2). A visitor gets it too, from the language screen (DESIGN §17): language, theme, colours and version.
 */
export default function SystemPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = useSettingsStore((s) => s.lang);
  const upDown = useSettingsStore(upDownOf);
  const setUpDown = useSettingsStore((s) => s.setUpDown);
  const theme = useSettingsStore((s) => s.theme);
  const setTheme = useSettingsStore((s) => s.setTheme);
  const quickCloseConfirm = useSettingsStore((s) => s.quickCloseConfirm);
  const setQuickCloseConfirm = useSettingsStore((s) => s.setQuickCloseConfirm);
  const oneTap = useSettingsStore((s) => s.oneTap);
  // One-tap trading (DESIGN §17): the risk warning the first time it is turned on; declined, it stays off.
  const changeOneTap = async (on: boolean) => {
    const store = useSettingsStore.getState();
    if (on && !store.oneTapWarned) {
      const ok = await Dialog.confirm({
        title: t('system.oneTap'),
        content: <span data-testid="one-tap-warning">{t('system.oneTapWarning')}</span>,
        confirmText: t('system.oneTapAccept'),
        cancelText: t('common.cancel'),
      });
      if (!ok) return;
      store.markOneTapWarned();
    }
    store.setOneTap(on);
  };
  const signedIn = useUserStore((s) => Boolean(s.token));
  const [busy, setBusy] = useState(false);
  // The session ends once this screen has gone: ending it while the screen is still up would let the login guard
  // send the user to /login instead of home.
  const loggingOut = useRef(false);
  useEffect(
    () => () => {
      if (loggingOut.current) endSession();
    },
    [],
  );

  const confirmLogout = async () => {
    const ok = await Dialog.confirm({
      title: t('system.logout'),
      content: t('system.logoutConfirm'),
      confirmText: t('system.logout'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    setBusy(true);
    try {
      await logout();
    } catch {
      // Signed out here whatever the server says; the token expires on its own.
    }
    loggingOut.current = true;
    void navigate('/', { replace: true });
  };

  return (
    <Page name="system" title={t('route.system')} back={signedIn ? '/user' : '/'}>
      <ul className="menu-group">
        <li>
          <button type="button" className="menu-row" data-testid="system-language" onClick={() => void navigate('/language')}>
            <span className="menu-label">{t('menu.language')}</span>
            <span className="menu-detail">{LANG_NAMES[lang]}</span>
            <RightOutline className="menu-chevron flip-rtl" aria-hidden />
          </button>
        </li>
        {signedIn && (
          <>
            <li>
              <button
                type="button"
                className="menu-row"
                data-testid="system-notices"
                onClick={() => void navigate('/mine/notices/settings')}
              >
                <span className="menu-label">{t('notices.pushSettings')}</span>
                <RightOutline className="menu-chevron flip-rtl" aria-hidden />
              </button>
            </li>
            <li>
              <div className="menu-row system-static">
                <span className="menu-label">{t('system.quickCloseConfirm')}</span>
                <Switch
                  checked={quickCloseConfirm}
                  onChange={setQuickCloseConfirm}
                  label={t('system.quickCloseConfirm')}
                  testId="system-quick-close-confirm"
                />
              </div>
            </li>
            <li>
              <div className="menu-row system-static">
                <span className="menu-label">
                  {t('system.oneTap')}
                  <span className="menu-hint">{t('system.oneTapHint')}</span>
                </span>
                <Switch
                  checked={oneTap}
                  onChange={(on) => void changeOneTap(on)}
                  label={t('system.oneTap')}
                  testId="system-one-tap"
                />
              </div>
            </li>
          </>
        )}
        <li>
          <div className="menu-row system-static">
            <span className="menu-label">{t('system.version')}</span>
            <span className="menu-detail num">{__APP_VERSION__}</span>
          </div>
        </li>
      </ul>
      <RadioCards
        id="theme-title"
        title={t('system.theme')}
        className="theme-options"
        value={theme}
        onChange={setTheme}
        options={THEME_CHOICES.map((value) => ({
          value,
          testId: `theme-${value}`,
          label: t(THEME_LABELS[value]),
          swatch: <span className={`theme-swatch is-${value}`} aria-hidden="true" />,
        }))}
      />
      <RadioCards
        id="updown-title"
        title={t('system.upDown')}
        value={upDown}
        onChange={setUpDown}
        options={UP_DOWN_OPTIONS.map(({ value, labelKey, up, down }) => ({
          value,
          testId: `updown-${value}`,
          label: t(labelKey),
          swatch: (
            <span className="updown-swatch" aria-hidden="true">
              <span style={{ color: up }}>▲</span>
              <span style={{ color: down }}>▼</span>
            </span>
          ),
        }))}
      >
        <p className="updown-hint">{t('system.upDownHint')}</p>
      </RadioCards>
      {signedIn && (
        <button
          type="button"
          className="btn btn-danger btn-block system-logout"
          disabled={busy}
          data-testid="logout"
          onClick={() => void confirmLogout()}
        >
          {t('system.logout')}
        </button>
      )}
    </Page>
  );
}

/** A titled group of radio cards (the theme, the price colours): each option a swatch and a label, one checked. */
function RadioCards<T extends string>(props: {
  id: string;
  title: string;
  className?: string;
  value: T;
  onChange: (value: T) => void;
  options: Array<{ value: T; testId: string; label: string; swatch: ReactNode }>;
  children?: ReactNode;
}) {
  const { id, value } = props;
  return (
    <section className="updown" aria-labelledby={id}>
      <h2 id={id} className="updown-title">
        {props.title}
      </h2>
      <div
        className={props.className ? `updown-options ${props.className}` : 'updown-options'}
        role="radiogroup"
        aria-labelledby={id}
      >
        {props.options.map((o) => (
          <button
            key={o.value}
            type="button"
            role="radio"
            aria-checked={value === o.value}
            className={`updown-option${value === o.value ? ' is-active' : ''}`}
            data-testid={o.testId}
            onClick={() => props.onChange(o.value)}
          >
            {o.swatch}
            <span className="updown-label">{o.label}</span>
          </button>
        ))}
      </div>
      {props.children}
    </section>
  );
}
