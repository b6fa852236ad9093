import { useEffect, useState } from 'react';
import { NOTICE_KINDS, type NoticeKind } from '@tradepad/contracts/notices/constants';
import { useTranslation } from '../../../i18n/i18n.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { Switch } from '../../../shared/ui/switch.tsx';
import { toastMessage } from '../../../shared/ui/toast.ts';
import { currentSubscription, disablePush, enablePush, pushSupported, type EnableResult } from '../api/browser-push.ts';
import { fetchPushPrefs, savePushPrefs } from '../api/push.api.ts';
import './notices.css';

type DeviceState = 'loading' | 'on' | 'off' | 'unsupported';

/**
 * /mine/notices/settings (issue 21 point 2): web push for this browser, and which kinds of notice are pushed. The
 * browser's permission is asked only when the trader turns pushes on here, never before.
 */
export default function PushSettingsPage() {
  const { t } = useTranslation();
  const [device, setDevice] = useState<DeviceState>(pushSupported() ? 'loading' : 'unsupported');
  const [problem, setProblem] = useState<EnableResult | null>(null);
  const [kinds, setKinds] = useState<NoticeKind[] | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    fetchPushPrefs()
      .then((p) => live && setKinds(p.kinds))
      .catch(() => live && setKinds([...NOTICE_KINDS]));
    if (pushSupported())
      void currentSubscription()
        .then((s) => live && setDevice(s ? 'on' : 'off'))
        .catch(() => live && setDevice('off'));
    return () => {
      live = false;
    };
  }, []);

  const toggleDevice = async (on: boolean) => {
    setBusy(true);
    setProblem(null);
    try {
      if (on) {
        const r = await enablePush();
        if (r === 'on') setDevice('on');
        else setProblem(r);
      } else {
        await disablePush();
        setDevice('off');
      }
    } finally {
      setBusy(false);
    }
  };

  const toggleKind = async (kind: NoticeKind, on: boolean) => {
    if (!kinds) return;
    const next = on ? [...kinds, kind] : kinds.filter((k) => k !== kind);
    setKinds(next);
    try {
      setKinds((await savePushPrefs(next)).kinds);
    } catch {
      setKinds(kinds);
      toastMessage(t('notices.saveFailed'));
    }
  };

  return (
    <Page name="pushSettings" title={t('route.pushSettings')} back="/mine/notices" bodyClassName="push-body">
      <p className="push-intro">{t('notices.pushIntro')}</p>
      <ul className="nt-group">
        <li>
          <div className="nt-row">
            <span className="nt-label">{t('notices.pushDevice')}</span>
            <Switch
              checked={device === 'on'}
              disabled={busy || device === 'loading' || device === 'unsupported'}
              onChange={(on) => void toggleDevice(on)}
              label={t('notices.pushDevice')}
              testId="push-device"
            />
          </div>
        </li>
      </ul>
      {device === 'unsupported' && (
        <p className="push-hint" role="status" data-testid="push-unsupported">
          {t('notices.pushUnsupported')}
        </p>
      )}
      {problem && (
        <p className="push-hint is-problem" role="alert" data-testid={`push-problem-${problem}`}>
          {t(`notices.push_${problem}`)}
        </p>
      )}
      <h2 className="push-kinds-title" id="push-kinds-title">
        {t('notices.pushKinds')}
      </h2>
      <ul className="nt-group" aria-labelledby="push-kinds-title">
        {NOTICE_KINDS.map((kind) => (
          <li key={kind}>
            <div className="nt-row">
              <span className="nt-label">{t(`notices.kind_${kind}`)}</span>
              <Switch
                checked={kinds?.includes(kind) ?? false}
                disabled={kinds === null}
                onChange={(on) => void toggleKind(kind, on)}
                label={t(`notices.kind_${kind}`)}
                testId={`push-kind-${kind}`}
              />
            </div>
          </li>
        ))}
      </ul>
      <p className="push-hint">{t('notices.pushKindsHint')}</p>
    </Page>
  );
}
