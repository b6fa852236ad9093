import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { Link, useNavigate, useSearchParams } from '../../../shared/router/router.tsx';
import { ACCOUNT_TYPE_EMAIL, ACCOUNT_TYPE_MOBILE, CODE_PURPOSE_REGISTER } from '@tradepad/contracts/accounts/constants';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import { CodeField } from '../../../shared/ui/code-field.tsx';
import { CountryPicker } from '../../../shared/ui/area-picker.tsx';
import { ContactTabs } from '../../../shared/ui/contact-tabs.tsx';
import { Form, SubmitButton } from '../../../shared/ui/form.tsx';
import { EMPTY_NEW_PASSWORD, NewPasswordFields, newPasswordProblem } from '../../../shared/ui/new-password-fields.tsx';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { useFieldCheck } from '../../../shared/ui/use-field-check.ts';
import { useCaptcha } from '../api/captcha.api.ts';
import { useRegister } from '../api/register.api.ts';
import { keepRegisterDraft, rememberRegistered, takeRegisterDraft } from '../hooks/sign-up-memory.ts';
import { useAccountInput } from '../hooks/use-account-input.ts';
import { AccountField } from './account-field.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { CaptchaField } from './captcha-field.tsx';

type FieldName = 'account' | 'mobile' | 'code' | 'password' | 'repeat' | 'country' | 'terms';

const LEGAL = ['terms', 'privacy', 'risk'] as const;
type LegalKey = (typeof LEGAL)[number];

/** The consent sentence with its three document names as links, in the order the language puts them. */
function consentSentence(sentence: string, link: (key: LegalKey) => ReactNode): ReactNode[] {
  return sentence
    .split('\u0000')
    .map((part, i) => (i % 2 === 1 && (LEGAL as readonly string[]).includes(part) ? link(part as LegalKey) : part));
}

/**
 * /register (spec §2, §5; DESIGN §3). `is_show_mobile`: 0 email only, 1 email plus a required phone field, 2 phone
 * only, 3 email or phone as tabs. `verify_reg_type` 2 asks for an image code instead of a code sent by mail or SMS.
 * Issue 21 (DESIGN §13): the country of residence (e-mail sign-ups; the restricted regions are not offered, nor in the
 * phone area list) and the acceptance of the terms, privacy policy and risk disclosure, whose links open the staff's
 * pages and come back to the form as it was. Signed up from a demo session, the new account is linked to that demo.
 */
export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const basic = useSettingsStore((s) => s.basic);
  const showMobile = basic?.is_show_mobile ?? 0;
  const useCaptchaImage = basic?.verify_reg_type === 2;
  const registerMutation = useRegister();
  const captcha = useCaptcha(useCaptchaImage);

  const check = useFieldCheck<FieldName>();
  const { invalid, refuse } = check;
  // Back from reading a sign-up document: the form as it was left.
  const [draft] = useState(takeRegisterDraft);
  const account = useAccountInput(
    check,
    showMobile === 2 ? 'phone' : showMobile === 3 ? undefined : 'email',
    draft && { mode: draft.mode, account: draft.account },
  );
  const [mobile, setMobile] = useState(draft?.mobile ?? '');
  const [code, setCode] = useState(draft?.code ?? '');
  const [newPassword, setNewPassword] = useState(
    draft ? { ...EMPTY_NEW_PASSWORD, password: draft.password, repeat: draft.repeat } : EMPTY_NEW_PASSWORD,
  );
  const [invite, setInvite] = useState(() => draft?.invite ?? params.get('invite_code') ?? '');
  const [country, setCountry] = useState<string | null>(draft?.country ?? null);
  const [agreed, setAgreed] = useState(draft?.agreed ?? false);
  const busy = registerMutation.isPending;
  const emailSignUp = account.mode === 'email';

  const keepDraft = () =>
    keepRegisterDraft({
      mode: account.mode,
      account: account.field.value,
      mobile,
      code,
      password: newPassword.password,
      repeat: newPassword.repeat,
      invite,
      country,
      agreed,
    });

  const legalLink = (key: LegalKey) => (text: ReactNode) => (
    <Link key={key} to={`/legal/${key}`} className="consent-link" data-testid={`register-legal-${key}`} onClick={keepDraft}>
      {text}
    </Link>
  );

  const submit = async () => {
    const value = account.take();
    if (!value) return;
    if (emailSignUp && !country) return void refuse('country', 'register.countryRequired');
    if (showMobile === 1 && !mobile.trim()) return void refuse('mobile', 'msg.inputPhone');
    if (!code.trim()) return void refuse('code', useCaptchaImage ? 'msg.inputCaptcha' : 'msg.inputCode');
    const passwordProblem = newPasswordProblem(newPassword, 'msg.inputPassword');
    if (passwordProblem) return void refuse(...passwordProblem);
    if (!agreed) return void refuse('terms', 'register.termsRequired');
    check.clear();
    try {
      await registerMutation.mutateAsync({
        type: account.mode === 'email' ? ACCOUNT_TYPE_EMAIL : ACCOUNT_TYPE_MOBILE,
        account: value,
        area_id: account.mode === 'phone' || showMobile === 1 ? (account.areaId ?? undefined) : undefined,
        password: newPassword.password,
        re_password: newPassword.repeat,
        sms_code: code.trim(),
        key: useCaptchaImage ? captcha.data?.id : undefined,
        mobile: showMobile === 1 ? mobile.trim() : undefined,
        invite_code: invite.trim() || undefined,
        agree_terms: 1,
        country: emailSignUp ? (country ?? undefined) : undefined,
      });
      // The login screen opens with the account just registered.
      rememberRegistered(account.mode, value);
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
      {showMobile === 3 && <ContactTabs {...account.tabs} testIds={['register-tab-email', 'register-tab-phone']} />}
      <Form className="auth-form" busy={busy} onSubmit={submit}>
        <AccountField
          {...account.field}
          invalid={invalid === 'account'}
          testId="register-account"
          emailAutoComplete="email"
          signUp
        />
        {emailSignUp && (
          <CountryPicker
            label={t('register.country')}
            placeholder={t('register.countryPlaceholder')}
            value={country}
            onChange={(c) => {
              setCountry(c);
              if (invalid === 'country') check.clear();
            }}
            invalid={invalid === 'country'}
            testId="register-country"
          />
        )}
        {showMobile === 1 && (
          <AccountField
            mode="phone"
            value={mobile}
            onChange={setMobile}
            invalid={invalid === 'mobile'}
            testId="register-mobile"
            areaTestId="register-mobile-area"
            signUp
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
          <CodeField
            value={code}
            onChange={setCode}
            onSend={() => account.sendCodeFor(CODE_PURPOSE_REGISTER)}
            invalid={invalid === 'code'}
            testIds={['register-code', 'register-send-code']}
          />
        )}
        <NewPasswordFields
          label={t('auth.password')}
          value={newPassword}
          onChange={setNewPassword}
          invalid={invalid}
          testIds={['register-password', 'register-repassword']}
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
        <div className={`consent${invalid === 'terms' ? ' is-invalid' : ''}`}>
          <input
            id="register-agree"
            type="checkbox"
            className="consent-box"
            checked={agreed}
            aria-invalid={invalid === 'terms'}
            data-testid="register-agree"
            onChange={(e) => {
              setAgreed(e.target.checked);
              if (invalid === 'terms') check.clear();
            }}
          />
          <label htmlFor="register-agree" className="consent-text">
            {consentSentence(
              t('register.agree', { terms: '\u0000terms\u0000', privacy: '\u0000privacy\u0000', risk: '\u0000risk\u0000' }),
              (key) => legalLink(key)(t(`register.${key}Link`)),
            )}
          </label>
        </div>
        <SubmitButton busy={busy} testId="register-submit">
          {t('register.submit')}
        </SubmitButton>
      </Form>
      <p className="auth-foot">
        <span>{t('register.haveAccount')}</span>
        <Link to="/login" className="auth-link" data-testid="register-login">
          {t('register.login')}
        </Link>
      </p>
    </AuthLayout>
  );
}
