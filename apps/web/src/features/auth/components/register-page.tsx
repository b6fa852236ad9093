import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ACCOUNT_TYPE_EMAIL, ACCOUNT_TYPE_MOBILE, CODE_PURPOSE_REGISTER } from '@tradepad/contracts/account-types';
import { sendEmailCode, sendSmsCode } from '../../../shared/api/send-code.api.ts';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { AreaPrefix } from '../../../shared/ui/area-picker.tsx';
import { PasswordField } from '../../../shared/ui/password-field.tsx';
import { Segmented } from '../../../shared/ui/segmented.tsx';
import { SendCodeButton } from '../../../shared/ui/send-code-button.tsx';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { toastMessage } from '../../../shared/ui/toast.ts';
import { useCaptcha } from '../api/captcha.api.ts';
import { useRegister } from '../api/register.api.ts';
import { AuthLayout } from './auth-layout.tsx';
import { CaptchaField } from './captcha-field.tsx';

type Mode = 'email' | 'phone';
type FieldName = 'account' | 'mobile' | 'code' | 'password' | 'repassword';

/**
 * /register (spec §2, §5; DESIGN §3). `is_show_mobile`: 0 email only, 1 email plus a required phone field, 2 phone
 * only, 3 email or phone as tabs. `verify_reg_type` 2 asks for an image code instead of a code sent by mail or SMS.
 */
export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const basic = useSettingsStore((s) => s.basic);
  const areaId = useSettingsStore((s) => s.areaId);
  const showMobile = basic?.is_show_mobile ?? 0;
  const useCaptchaImage = basic?.verify_reg_type === 2;
  const registerMutation = useRegister();
  const captcha = useCaptcha(useCaptchaImage);

  const [chosenMode, setChosenMode] = useState<Mode>('email');
  const mode: Mode = showMobile === 2 ? 'phone' : showMobile === 3 ? chosenMode : 'email';
  const [account, setAccount] = useState('');
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [repassword, setRepassword] = useState('');
  const [invite, setInvite] = useState(() => params.get('invite_code') ?? '');
  const [invalid, setInvalid] = useState<FieldName | null>(null);
  const busy = registerMutation.isPending;

  const refuse = (field: FieldName, key: string) => {
    setInvalid(field);
    toastMessage(t(key));
    return false;
  };

  const sendCode = async (): Promise<boolean> => {
    const value = account.trim();
    if (!value) return refuse('account', mode === 'email' ? 'msg.inputEmail' : 'msg.inputPhone');
    setInvalid(null);
    if (mode === 'email') await sendEmailCode(value, CODE_PURPOSE_REGISTER);
    else await sendSmsCode(value, areaId, CODE_PURPOSE_REGISTER);
    return true;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const value = account.trim();
    if (!value) return void refuse('account', mode === 'email' ? 'msg.inputEmail' : 'msg.inputPhone');
    if (showMobile === 1 && !mobile.trim()) return void refuse('mobile', 'msg.inputPhone');
    if (!code.trim()) return void refuse('code', useCaptchaImage ? 'msg.inputCaptcha' : 'msg.inputCode');
    if (!password) return void refuse('password', 'msg.inputPassword');
    if (!repassword) return void refuse('repassword', 'msg.inputRepeatPassword');
    if (password !== repassword) return void refuse('repassword', 'msg.passwordNotEqual');
    setInvalid(null);
    try {
      await registerMutation.mutateAsync({
        type: mode === 'email' ? ACCOUNT_TYPE_EMAIL : ACCOUNT_TYPE_MOBILE,
        account: value,
        area_id: mode === 'phone' || showMobile === 1 ? (areaId ?? undefined) : undefined,
        password,
        re_password: repassword,
        sms_code: code.trim(),
        key: useCaptchaImage ? captcha.data?.id : undefined,
        mobile: showMobile === 1 ? mobile.trim() : undefined,
        invite_code: invite.trim() || undefined,
      });
      const from = params.get('from');
      void navigate(from ? `/login?from=${encodeURIComponent(from)}` : '/login', { replace: true });
    } catch {
      // An image code is good for one try.
      if (useCaptchaImage) {
        setCode('');
        void captcha.refetch();
      }
    }
  };

  return (
    <AuthLayout name="register" title={t('register.title')} subtitle={t('register.subtitle')} back="/login">
      {showMobile === 3 && (
        <Segmented<Mode>
          label={t('auth.accountType')}
          value={mode}
          onChange={(m) => {
            setChosenMode(m);
            setAccount('');
            setInvalid(null);
          }}
          options={[
            { value: 'email', label: t('auth.email'), testId: 'register-tab-email' },
            { value: 'phone', label: t('auth.phone'), testId: 'register-tab-phone' },
          ]}
        />
      )}
      <form className="auth-form" onSubmit={(e) => void submit(e)} noValidate>
        {mode === 'email' ? (
          <TextField
            key="email"
            label={t('auth.email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="off"
            spellCheck={false}
            placeholder={t('auth.emailPlaceholder')}
            value={account}
            aria-invalid={invalid === 'account'}
            testId="register-account"
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
            testId="register-account"
            prefix={<AreaPrefix />}
            onChange={(e) => setAccount(e.target.value)}
          />
        )}
        {showMobile === 1 && (
          <TextField
            label={t('auth.phone')}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder={t('auth.phonePlaceholder')}
            value={mobile}
            aria-invalid={invalid === 'mobile'}
            testId="register-mobile"
            prefix={<AreaPrefix testId="register-mobile-area" />}
            onChange={(e) => setMobile(e.target.value)}
          />
        )}
        {useCaptchaImage ? (
          <CaptchaField
            captcha={captcha.data}
            loading={captcha.isFetching}
            value={code}
            invalid={invalid === 'code'}
            onChange={setCode}
            onRefresh={() => void captcha.refetch()}
          />
        ) : (
          <TextField
            label={t('auth.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={12}
            placeholder={t('auth.codePlaceholder')}
            value={code}
            aria-invalid={invalid === 'code'}
            testId="register-code"
            onChange={(e) => setCode(e.target.value)}
            suffix={<SendCodeButton onSend={sendCode} testId="register-send-code" />}
          />
        )}
        <PasswordField
          label={t('auth.password')}
          autoComplete="new-password"
          placeholder={t('auth.newPasswordPlaceholder')}
          hint={t('auth.passwordRule')}
          value={password}
          aria-invalid={invalid === 'password'}
          testId="register-password"
          onChange={(e) => setPassword(e.target.value)}
        />
        <PasswordField
          label={t('auth.confirmPassword')}
          autoComplete="new-password"
          placeholder={t('auth.confirmPasswordPlaceholder')}
          value={repassword}
          aria-invalid={invalid === 'repassword'}
          testId="register-repassword"
          onChange={(e) => setRepassword(e.target.value)}
        />
        <TextField
          label={t('register.invite')}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          maxLength={16}
          placeholder={t('register.invitePlaceholder')}
          value={invite}
          testId="register-invite"
          onChange={(e) => setInvite(e.target.value)}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy} data-testid="register-submit">
          {t('register.submit')}
        </button>
      </form>
      <p className="auth-foot">
        <span>{t('register.haveAccount')}</span>
        <Link to="/login" className="auth-link" data-testid="register-login">
          {t('register.login')}
        </Link>
      </p>
    </AuthLayout>
  );
}
