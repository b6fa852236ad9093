import { useState } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { Link, useNavigate, useSearchParams } from '../../../shared/router/router.tsx';
import { ACCOUNT_TYPE_EMAIL, ACCOUNT_TYPE_MOBILE, LOGIN_TYPE_DEMO } from '@tradepad/contracts/accounts/constants';
import { deviceId } from '../../../shared/lib/device-id.ts';
import { ContactTabs } from '../../../shared/ui/contact-tabs.tsx';
import { Form, SubmitButton } from '../../../shared/ui/form.tsx';
import { ApiError } from '../../../shared/api/api-error.ts';
import { PasswordField } from '../../../shared/ui/password-field.tsx';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { toastMessage } from '../../../shared/ui/toast.ts';
import { useFieldCheck } from '../../../shared/ui/use-field-check.ts';
import { useCaptcha } from '../api/captcha.api.ts';
import { createDemoAccount } from '../api/create-demo.api.ts';
import { useLogin } from '../api/login.api.ts';
import { takeRegistered } from '../hooks/sign-up-memory.ts';
import { useAccountInput } from '../hooks/use-account-input.ts';
import { AccountField } from './account-field.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { CaptchaField } from './captcha-field.tsx';
import { redirectTarget } from './redirect-target.ts';

/** /login: email or phone with password, or a demo account for this device (spec §2, §5). */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const from = params.get('from');
  const loginMutation = useLogin();
  const check = useFieldCheck<'account' | 'password' | 'totp' | 'captcha'>();
  // Right after sign-up the account just registered is filled in (issue 21).
  const [registered] = useState(takeRegistered);
  const account = useAccountInput(check, undefined, registered);
  const [password, setPassword] = useState('');
  // Two-factor sign-in (DESIGN §10): asked for once the server answers `totp_required`.
  const [needTotp, setNeedTotp] = useState(false);
  const [totp, setTotp] = useState('');
  // After too many failures the server asks for an image code with the next try (DESIGN §10: captcha_required).
  const [captchaNeeded, setCaptchaNeeded] = useState(false);
  const [captchaText, setCaptchaText] = useState('');
  const captcha = useCaptcha(captchaNeeded);
  const busy = loginMutation.isPending;

  const done = (msg: string) => {
    if (msg) toastMessage(msg);
    void navigate(redirectTarget(from), { replace: true });
  };

  const submit = async () => {
    const value = account.take();
    if (!value) return;
    if (!password) return void check.refuse('password', 'msg.inputPassword');
    const code = totp.replace(/\s+/g, '');
    if (needTotp && !code) return void check.refuse('totp', 'login.totpRequired');
    if (captchaNeeded && !captchaText.trim()) return void check.refuse('captcha', 'msg.inputCaptcha');
    check.clear();
    const solved = captchaNeeded ? { key: captcha.data?.id, captcha: captchaText.trim() } : {};
    try {
      const second = needTotp ? { totp: code } : {};
      const { msg } = await loginMutation.mutateAsync(
        account.mode === 'email'
          ? { account: value, password, login_type: ACCOUNT_TYPE_EMAIL, ...second, ...solved }
          : {
              account: value,
              password,
              login_type: ACCOUNT_TYPE_MOBILE,
              area_id: account.areaId ?? undefined,
              ...second,
              ...solved,
            },
      );
      done(msg);
    } catch (err) {
      // The API client showed the server's message; a second factor is then asked for. An image code serves one try;
      // the server says when one is needed.
      if (err instanceof ApiError && (err.data as { totp_required?: boolean } | null)?.totp_required) setNeedTotp(true);
      if (err instanceof ApiError && isCaptchaRequired(err.data)) {
        setCaptchaText('');
        if (captchaNeeded) void captcha.refetch();
        else setCaptchaNeeded(true);
      }
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
      <ContactTabs {...account.tabs} testIds={['login-tab-email', 'login-tab-phone']} />
      <Form className="auth-form" busy={busy} onSubmit={submit}>
        <AccountField {...account.field} invalid={check.invalid === 'account'} testId="login-account" />
        <PasswordField
          label={t('auth.password')}
          autoComplete="current-password"
          placeholder={t('auth.passwordPlaceholder')}
          value={password}
          aria-invalid={check.invalid === 'password'}
          testId="login-password"
          toggleTestId="login-password-toggle"
          onChange={(e) => setPassword(e.target.value)}
        />
        {needTotp && (
          <TextField
            label={t('login.totp')}
            inputMode="text"
            autoComplete="one-time-code"
            autoFocus
            maxLength={11}
            placeholder={t('login.totpPlaceholder')}
            hint={t('login.totpHint')}
            value={totp}
            aria-invalid={check.invalid === 'totp'}
            testId="login-totp"
            onChange={(e) => setTotp(e.target.value)}
          />
        )}
        {captchaNeeded && (
          <CaptchaField
            captcha={captcha.data}
            loading={captcha.isFetching}
            value={captchaText}
            invalid={check.invalid === 'captcha'}
            onChange={setCaptchaText}
            onRefresh={() => void captcha.refetch()}
            testIds={['login-captcha', 'login-captcha-image']}
          />
        )}
        <div className="auth-row-end">
          <Link to="/forgot" className="auth-link" data-testid="login-forgot">
            {t('login.forgot')}
          </Link>
        </div>
        <SubmitButton busy={busy} testId="login-submit">
          {t('login.submit')}
        </SubmitButton>
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
      </Form>
      <p className="auth-foot">
        <span>{t('login.noAccount')}</span>
        <Link to={registerHref} className="auth-link" data-testid="login-register">
          {t('login.register')}
        </Link>
      </p>
    </AuthLayout>
  );
}

function isCaptchaRequired(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { captcha_required?: unknown }).captcha_required === true;
}
