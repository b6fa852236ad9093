import { useState } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { CopyButton } from '../../../shared/ui/copy-button.tsx';
import { Form, SubmitButton } from '../../../shared/ui/form.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { QrCode } from '../../../shared/ui/qr-code.tsx';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { useFieldCheck } from '../../../shared/ui/use-field-check.ts';
import { useTotpDisable, useTotpEnable, useTotpSetup, useTotpStatus } from '../api/totp.api.ts';
import '../../../shared/ui/form.css';
import './two-factor-page.css';

/**
 * /mine/two-factor: two-factor sign-in (TOTP, DESIGN §10). Off: set up (QR code of the otpauth link, the secret to
 * copy, a code to confirm). Just turned on: the recovery codes, shown this once. On: turn off with a code.
 */
export default function TwoFactorPage() {
  const { t } = useTranslation();
  const status = useTotpStatus();
  const setup = useTotpSetup();
  const enable = useTotpEnable();
  const disable = useTotpDisable();
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState<string[] | null>(null);
  const { invalid, refuse, clear } = useFieldCheck<'code'>();
  const busy = setup.isPending || enable.isPending || disable.isPending;
  const pending = setup.data;

  const turnOn = async () => {
    if (!/^\d{6}$/.test(code.replace(/\s+/g, ''))) return void refuse('code', 'twoFactor.codeRequired');
    clear();
    try {
      const { recovery_codes } = await enable.mutateAsync(code.replace(/\s+/g, ''));
      setRecovery(recovery_codes);
      setCode('');
      setup.reset();
    } catch {
      // Shown by the API client.
    }
  };

  const turnOff = async () => {
    if (!code.trim()) return void refuse('code', 'twoFactor.codeOrRecoveryRequired');
    clear();
    try {
      await disable.mutateAsync(code.trim());
      setCode('');
    } catch {
      // Shown by the API client.
    }
  };

  const codeField = (label: string, hint: string, testId: string, recoveryToo: boolean) => (
    <TextField
      label={label}
      inputMode={recoveryToo ? 'text' : 'numeric'}
      autoComplete="one-time-code"
      maxLength={recoveryToo ? 11 : 7}
      placeholder={recoveryToo ? t('twoFactor.codeOrRecoveryPlaceholder') : t('twoFactor.codePlaceholder')}
      hint={hint}
      value={code}
      aria-invalid={invalid === 'code'}
      testId={testId}
      onChange={(e) => setCode(e.target.value)}
    />
  );

  let body;
  if (recovery) {
    body = (
      <section className="twofa-card" data-testid="twofa-recovery">
        <h2 className="twofa-title">{t('twoFactor.recoveryTitle')}</h2>
        <p className="twofa-text">{t('twoFactor.recoveryHint')}</p>
        <ol className="twofa-recovery num" dir="ltr">
          {recovery.map((c) => (
            <li key={c} data-testid="twofa-recovery-code">
              {c}
            </li>
          ))}
        </ol>
        <div className="twofa-row">
          <CopyButton text={recovery.join('\n')} what={t('twoFactor.recoveryTitle')} withLabel testId="twofa-recovery-copy" />
        </div>
        <button
          type="button"
          className="btn btn-primary btn-block"
          data-testid="twofa-recovery-done"
          onClick={() => setRecovery(null)}
        >
          {t('twoFactor.recoverySaved')}
        </button>
      </section>
    );
  } else if (status.data?.enabled) {
    body = (
      <>
        <p className="twofa-state is-on tint-primary" data-testid="twofa-state-on">
          {t('twoFactor.isOn')}
        </p>
        <Form className="form" busy={busy} onSubmit={turnOff}>
          {codeField(t('twoFactor.code'), t('twoFactor.disableHint'), 'twofa-disable-code', true)}
          <button type="submit" className="btn btn-danger btn-block" disabled={busy} data-testid="twofa-disable">
            {t('twoFactor.disable')}
          </button>
        </Form>
      </>
    );
  } else if (pending) {
    body = (
      <Form className="form" busy={busy} onSubmit={turnOn}>
        <section className="twofa-card">
          <p className="twofa-text">{t('twoFactor.scan')}</p>
          <div className="twofa-qr">
            <QrCode value={pending.otpauth_url} label={t('twoFactor.qrLabel')} size={184} testId="twofa-qr" />
          </div>
          <p className="twofa-text">{t('twoFactor.secretHint')}</p>
          <div className="twofa-secret">
            <code className="num" dir="ltr" data-testid="twofa-secret">
              {pending.secret.replace(/(.{4})/g, '$1 ').trim()}
            </code>
            <CopyButton text={pending.secret} what={t('twoFactor.secret')} testId="twofa-secret-copy" />
          </div>
        </section>
        {codeField(t('twoFactor.code'), t('twoFactor.enableHint'), 'twofa-enable-code', false)}
        <SubmitButton busy={busy} testId="twofa-enable">
          {t('twoFactor.enable')}
        </SubmitButton>
      </Form>
    );
  } else {
    body = (
      <>
        <p className="twofa-state tint-primary" data-testid="twofa-state-off">
          {t('twoFactor.intro')}
        </p>
        <button
          type="button"
          className="btn btn-primary btn-block"
          disabled={busy || status.isPending}
          data-testid="twofa-setup"
          onClick={() => setup.mutate()}
        >
          {t('twoFactor.setup')}
        </button>
      </>
    );
  }

  return (
    <Page name="twoFactor" title={t('route.twoFactor')} back="/user">
      <div className="twofa">{body}</div>
    </Page>
  );
}
