import { useEffect, useRef, useState } from 'react';
import type { OwnSession } from '@tradepad/contracts/accounts/answers';
import { useTranslation } from '../../../i18n/i18n.ts';
import { formatDateTime } from '../../../i18n/format.ts';
import { useNavigate } from '../../../shared/router/router.tsx';
import { endSession } from '../../../shared/session/end-session.ts';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { Dialog } from '../../../shared/ui/antd.ts';
import { NoData } from '../../../shared/ui/no-data.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { SkeletonCard } from '../../../shared/ui/skeleton-card.tsx';
import { toastSuccess } from '../../../shared/ui/toast.ts';
import { logout } from '../api/logout.api.ts';
import { useEndSessions, useOwnSessions } from '../api/sessions.api.ts';
import { sessionDevice, sessionTime } from '../hooks/session-device.ts';
import '../../../shared/ui/form.css';
import './devices-page.css';

/**
 * /mine/devices (issue 29, ASVS 7.5.2): every session signed in to the account, this device first: its browser and
 * system, address, when it signed in and was last used. Any other one can be signed out (or all of them at once), its
 * sockets silenced by the server at once; signing out this one signs the app out, as logout does.
 */
export default function DevicesPage() {
  const { t } = useTranslation();
  const lang = useSettingsStore((s) => s.lang);
  const navigate = useNavigate();
  const sessions = useOwnSessions();
  const end = useEndSessions();
  const [leaving, setLeaving] = useState(false);
  // As on the settings screen: the session ends once this screen has gone, or the login guard would send the trader
  // to /login instead of home.
  const loggingOut = useRef(false);
  useEffect(
    () => () => {
      if (loggingOut.current) endSession();
    },
    [],
  );

  const rows = [...(sessions.data?.data ?? [])].sort((a, b) => Number(b.current) - Number(a.current));
  const others = rows.filter((s) => !s.current);
  const busy = end.isPending || leaving;

  const deviceName = (s: OwnSession) => {
    const { browser, os } = sessionDevice(s.user_agent);
    if (browser && os) return t('devices.browserOn', { browser, os });
    return browser ?? os ?? t('devices.unknown');
  };
  const time = (text: string) => {
    const date = sessionTime(text);
    return date ? formatDateTime(date, lang) : '--';
  };

  const confirm = (title: string, content: string, confirmText: string) =>
    Dialog.confirm({ title, content, confirmText, cancelText: t('common.cancel') });

  const signOut = async (s: OwnSession) => {
    if (s.current) {
      if (!(await confirm(t('devices.signOut'), t('devices.signOutThisConfirm'), t('devices.signOut')))) return;
      setLeaving(true);
      try {
        await logout();
      } catch {
        // Signed out here whatever the server says; the token expires on its own.
      }
      loggingOut.current = true;
      void navigate('/', { replace: true });
      return;
    }
    const content = t('devices.signOutConfirm', { device: deviceName(s) });
    if (!(await confirm(t('devices.signOut'), content, t('devices.signOut')))) return;
    try {
      await end.mutateAsync([s.id]);
      toastSuccess(t('devices.signedOut'));
    } catch {
      // The server's message is toasted by the API client.
    }
  };

  const signOutOthers = async () => {
    const content = t('devices.signOutOthersConfirm', { count: others.length });
    if (!(await confirm(t('devices.signOutOthers'), content, t('devices.signOut')))) return;
    try {
      await end.mutateAsync(others.map((s) => s.id));
      toastSuccess(t('devices.signedOutOthers'));
    } catch {
      // As above.
    }
  };

  let body;
  if (sessions.isError && !sessions.data) {
    body = (
      <NoData
        title={sessions.error?.message || t('devices.loadError')}
        action={
          <button type="button" className="no-data-action" onClick={() => void sessions.refetch()}>
            {t('common.reload')}
          </button>
        }
      />
    );
  } else if (!sessions.data) {
    body = (
      <div data-testid="devices-loading">
        <SkeletonCard className="device-card device-skeleton" bars={['55%/18', '40%/14', '70%/14']} />
        <SkeletonCard className="device-card device-skeleton" bars={['50%/18', '35%/14', '65%/14']} />
      </div>
    );
  } else if (rows.length === 0) {
    body = <NoData title={t('devices.empty')} />;
  } else {
    body = (
      <>
        <ul className="device-list" data-testid="devices-list">
          {rows.map((s) => (
            <DeviceRow
              key={s.id}
              session={s}
              name={deviceName(s)}
              signedIn={time(s.created_at)}
              lastUsed={time(s.last_seen_at)}
              busy={busy}
              onSignOut={() => void signOut(s)}
            />
          ))}
        </ul>
        {others.length > 1 && (
          <button
            type="button"
            className="btn btn-danger btn-block"
            disabled={busy}
            data-testid="devices-signout-others"
            onClick={() => void signOutOthers()}
          >
            {t('devices.signOutOthers')}
          </button>
        )}
      </>
    );
  }

  return (
    <Page name="devices" title={t('route.devices')} back="/user">
      <p className="devices-intro">{t('devices.intro')}</p>
      {body}
    </Page>
  );
}

function DeviceRow(props: {
  session: OwnSession;
  name: string;
  signedIn: string;
  lastUsed: string;
  busy: boolean;
  onSignOut(): void;
}) {
  const { t } = useTranslation();
  const { session: s } = props;
  const { mobile } = sessionDevice(s.user_agent);
  return (
    <li className={s.current ? 'device-card is-current' : 'device-card'} data-testid="device-row" data-current={s.current}>
      <span className="device-icon" aria-hidden="true">
        {mobile ? <PhoneIcon /> : <ScreenIcon />}
      </span>
      <div className="device-text">
        <p className="device-name">
          <bdi data-testid="device-name">{props.name}</bdi>
          {s.current && (
            <span className="device-badge" data-testid="device-current">
              {t('devices.thisDevice')}
            </span>
          )}
        </p>
        <dl className="device-meta">
          <div>
            <dt>{t('devices.ip')}</dt>
            <dd>
              <bdi dir="ltr" className="num" data-testid="device-ip">
                {s.ip}
              </bdi>
            </dd>
          </div>
          <div>
            <dt>{t('devices.signedIn')}</dt>
            <dd className="num">{props.signedIn}</dd>
          </div>
          <div>
            <dt>{t('devices.lastUsed')}</dt>
            <dd className="num">{props.lastUsed}</dd>
          </div>
        </dl>
        <div className="device-actions">
          <button
            type="button"
            className="btn btn-danger device-signout"
            disabled={props.busy}
            data-testid={s.current ? 'device-signout-current' : 'device-signout'}
            onClick={props.onSignOut}
          >
            {t('devices.signOut')}
          </button>
        </div>
      </div>
    </li>
  );
}

function PhoneIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="1.8" focusable="false">
      <rect x="6.5" y="2.5" width="11" height="19" rx="2.5" />
      <path d="M10.5 18.5h3" strokeLinecap="round" />
    </svg>
  );
}

function ScreenIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="1.8" focusable="false">
      <rect x="2.5" y="4" width="19" height="12.5" rx="2" />
      <path d="M8.5 20.5h7M12 16.5v4" strokeLinecap="round" />
    </svg>
  );
}
