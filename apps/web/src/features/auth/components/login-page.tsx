import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ACCOUNT_TYPE_EMAIL, ACCOUNT_TYPE_MOBILE, LOGIN_TYPE_DEMO } from '@tradepad/contracts/account-types';
import { deviceId } from '../../../shared/lib/device-id.ts';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { AreaPrefix } from '../../../shared/ui/area-picker.tsx';
import { PasswordField } from '../../../shared/ui/password-field.tsx';
import { Segmented } from '../../../shared/ui/segmented.tsx';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { toastMessage } from '../../../shared/ui/toast.ts';
import { createDemoAccount } from '../api/create-demo.api.ts';
import { useLogin } from '../api/login.api.ts';
import { AuthLayout } from './auth-layout.tsx';
import { redirectTarget } from './redirect-target.ts';

type Mode = 'email' | 'phone';

/** /login: email or phone with password, or a demo account for this device (spec §2, §5). */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const from = params.get('from');
  const areaId = useSettingsStore((s) => s.areaId);
  const loginMutation = useLogin();
  const [mode, setMode] = useState<Mode>('email');
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [invalid, setInvalid] = useState<'account' | 'password' | null>(null);
  const busy = loginMutation.isPending;

  const done = (msg: string) => {
    if (msg) toastMessage(msg);
    void navigate(redirectTarget(from), { replace: true });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const value = account.trim();
    if (!value) {
      setInvalid('account');
      toastMessage(t(mode === 'email' ? 'msg.inputEmail' : 'msg.inputPhone'));
      return;
    }
    if (!password) {
      setInvalid('password');
      toastMessage(t('msg.inputPassword'));
      return;
    }
    setInvalid(null);
    try {
      const { msg } = await loginMutation.mutateAsync(
        mode === 'email'
          ? { account: value, password, login_type: ACCOUNT_TYPE_EMAIL }
          : { account: value, password, login_type: ACCOUNT_TYPE_MOBILE, area_id: areaId ?? undefined },
      );
      done(msg);
    } catch {
      // The API client showed the server's message.
    }
  };

  const demoLogin = async () => {
    if (busy) return;
    try {
      const uuid = deviceId();
      const { demo_id } = await createDemoAccount(uuid);
      const { msg } = await loginMutation.mutateAsync({ account: demo_id, password: uuid, login_type: LOGIN_TYPE_DEMO });
      done(msg);
    } catch {
      // Shown by the API client.
    }
  };

  const registerHref = from ? `/register?from=${encodeURIComponent(from)}` : '/register';

  return (
    <AuthLayout name="login" title={t('login.title')} subtitle={t('login.subtitle')}>
      <Segmented<Mode>
        label={t('auth.accountType')}
        value={mode}
        onChange={(m) => {
          setMode(m);
          setAccount('');
          setInvalid(null);
        }}
        options={[
          { value: 'email', label: t('auth.email'), testId: 'login-tab-email' },
          { value: 'phone', label: t('auth.phone'), testId: 'login-tab-phone' },
        ]}
      />
      <form className="auth-form" onSubmit={(e) => void submit(e)} noValidate>
        {mode === 'email' ? (
          <TextField
            key="email"
            label={t('auth.email')}
            type="email"
            inputMode="email"
            autoComplete="username"
            autoCapitalize="off"
            spellCheck={false}
            placeholder={t('auth.emailPlaceholder')}
            value={account}
            aria-invalid={invalid === 'account'}
            testId="login-account"
            onChange={(e) => setAccount(e.target.value)}
          />
        ) : (
          <TextField
            key="phone"
            label={t('auth.phone')}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder={t('auth.phonePlaceholder')}
            value={account}
            aria-invalid={invalid === 'account'}
            testId="login-account"
            prefix={<AreaPrefix />}
            onChange={(e) => setAccount(e.target.value)}
          />
        )}
        <PasswordField
          label={t('auth.password')}
          autoComplete="current-password"
          placeholder={t('auth.passwordPlaceholder')}
          value={password}
          aria-invalid={invalid === 'password'}
          testId="login-password"
          toggleTestId="login-password-toggle"
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="auth-row-end">
          <Link to="/forgot" className="auth-link" data-testid="login-forgot">
            {t('login.forgot')}
          </Link>
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy} data-testid="login-submit">
          {t('login.submit')}
        </button>
        <div className="auth-divider">{t('common.or')}</div>
        <button
          type="button"
          className="btn btn-ghost btn-block"
          disabled={busy}
          data-testid="mock-login"
          onClick={() => void demoLogin()}
        >
          {t('login.demo')}
        </button>
        <p className="auth-demo-hint">{t('login.demoHint')}</p>
      </form>
      <p className="auth-foot">
        <span>{t('login.noAccount')}</span>
        <Link to={registerHref} className="auth-link" data-testid="login-register">
          {t('login.register')}
        </Link>
      </p>
    </AuthLayout>
  );
}
