import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ACCOUNT_TYPE_EMAIL, ACCOUNT_TYPE_MOBILE, CODE_PURPOSE_RESET_PASSWORD } from '@tradepad/contracts/account-types';
import { sendEmailCode, sendSmsCode } from '../../../shared/api/send-code.api.ts';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { AreaPrefix } from '../../../shared/ui/area-picker.tsx';
import { PasswordField } from '../../../shared/ui/password-field.tsx';
import { Segmented } from '../../../shared/ui/segmented.tsx';
import { SendCodeButton } from '../../../shared/ui/send-code-button.tsx';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { toastMessage } from '../../../shared/ui/toast.ts';
import { useForgetPassword } from '../api/forget-password.api.ts';
import { AuthLayout } from './auth-layout.tsx';

type Mode = 'email' | 'phone';
type FieldName = 'account' | 'code' | 'password' | 'repassword';

/** /forgot: a new password with a code sent to the account's email or phone; success goes to /login. */
export default function ForgotPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const areaId = useSettingsStore((s) => s.areaId);
  const mutation = useForgetPassword();
  const [mode, setMode] = useState<Mode>('email');
  const [account, setAccount] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [repassword, setRepassword] = useState('');
  const [invalid, setInvalid] = useState<FieldName | null>(null);
  const busy = mutation.isPending;

  const refuse = (field: FieldName, key: string) => {
    setInvalid(field);
    toastMessage(t(key));
    return false;
  };

  const sendCode = async (): Promise<boolean> => {
    const value = account.trim();
    if (!value) return refuse('account', mode === 'email' ? 'msg.inputEmail' : 'msg.inputPhone');
    setInvalid(null);
    if (mode === 'email') await sendEmailCode(value, CODE_PURPOSE_RESET_PASSWORD);
    else await sendSmsCode(value, areaId, CODE_PURPOSE_RESET_PASSWORD);
    return true;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const value = account.trim();
    if (!value) return void refuse('account', mode === 'email' ? 'msg.inputEmail' : 'msg.inputPhone');
    if (!code.trim()) return void refuse('code', 'msg.inputCode');
    if (!password) return void refuse('password', 'msg.inputNewPassword');
    if (!repassword) return void refuse('repassword', 'msg.inputRepeatPassword');
    if (password !== repassword) return void refuse('repassword', 'msg.passwordNotEqual');
    setInvalid(null);
    try {
      await mutation.mutateAsync({
        type: mode === 'email' ? ACCOUNT_TYPE_EMAIL : ACCOUNT_TYPE_MOBILE,
        account: value,
        area_id: mode === 'phone' ? (areaId ?? undefined) : undefined,
        new_password: password,
        secondary_password: repassword,
        auth_code: code.trim(),
      });
      void navigate('/login', { replace: true });
    } catch {
      // Shown by the API client.
    }
  };

  return (
    <AuthLayout name="forgot" title={t('forgot.title')} subtitle={t('forgot.subtitle')} back="/login">
      <Segmented<Mode>
        label={t('auth.accountType')}
        value={mode}
        onChange={(m) => {
          setMode(m);
          setAccount('');
          setInvalid(null);
        }}
        options={[
          { value: 'email', label: t('auth.email'), testId: 'forgot-tab-email' },
          { value: 'phone', label: t('auth.phone'), testId: 'forgot-tab-phone' },
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
            testId="forgot-account"
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
            testId="forgot-account"
            prefix={<AreaPrefix />}
            onChange={(e) => setAccount(e.target.value)}
          />
        )}
        <TextField
          label={t('auth.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={12}
          placeholder={t('auth.codePlaceholder')}
          value={code}
          aria-invalid={invalid === 'code'}
          testId="forgot-code"
          onChange={(e) => setCode(e.target.value)}
          suffix={<SendCodeButton onSend={sendCode} testId="forgot-send-code" />}
        />
        <PasswordField
          label={t('auth.newPassword')}
          autoComplete="new-password"
          placeholder={t('auth.newPasswordPlaceholder')}
          hint={t('auth.passwordRule')}
          value={password}
          aria-invalid={invalid === 'password'}
          testId="forgot-password"
          onChange={(e) => setPassword(e.target.value)}
        />
        <PasswordField
          label={t('auth.confirmPassword')}
          autoComplete="new-password"
          placeholder={t('auth.confirmPasswordPlaceholder')}
          value={repassword}
          aria-invalid={invalid === 'repassword'}
          testId="forgot-repassword"
          onChange={(e) => setRepassword(e.target.value)}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy} data-testid="forgot-submit">
          {t('forgot.submit')}
        </button>
      </form>
    </AuthLayout>
  );
}
