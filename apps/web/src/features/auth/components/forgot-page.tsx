import { useState } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { useNavigate } from '../../../shared/router/router.tsx';
import { ACCOUNT_TYPE_EMAIL, ACCOUNT_TYPE_MOBILE, CODE_PURPOSE_RESET_PASSWORD } from '@tradepad/contracts/accounts/constants';
import { CodeField } from '../../../shared/ui/code-field.tsx';
import { ContactTabs } from '../../../shared/ui/contact-tabs.tsx';
import { Form, SubmitButton } from '../../../shared/ui/form.tsx';
import { EMPTY_NEW_PASSWORD, NewPasswordFields, newPasswordProblem } from '../../../shared/ui/new-password-fields.tsx';
import { useFieldCheck } from '../../../shared/ui/use-field-check.ts';
import { useForgetPassword } from '../api/forget-password.api.ts';
import { useAccountInput } from '../hooks/use-account-input.ts';
import { AccountField } from './account-field.tsx';
import { AuthLayout } from './auth-layout.tsx';

type FieldName = 'account' | 'code' | 'password' | 'repeat';

/** /forgot: a new password with a code sent to the account's email or phone; success goes to /login. */
export default function ForgotPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mutation = useForgetPassword();
  const check = useFieldCheck<FieldName>();
  const { refuse } = check;
  const account = useAccountInput(check);
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState(EMPTY_NEW_PASSWORD);
  const busy = mutation.isPending;

  const submit = async () => {
    const value = account.take();
    if (!value) return;
    if (!code.trim()) return void refuse('code', 'msg.inputCode');
    const passwordProblem = newPasswordProblem(newPassword, 'msg.inputNewPassword');
    if (passwordProblem) return void refuse(...passwordProblem);
    check.clear();
    try {
      await mutation.mutateAsync({
        type: account.mode === 'email' ? ACCOUNT_TYPE_EMAIL : ACCOUNT_TYPE_MOBILE,
        account: value,
        area_id: account.mode === 'phone' ? (account.areaId ?? undefined) : undefined,
        new_password: newPassword.password,
        secondary_password: newPassword.repeat,
        auth_code: code.trim(),
      });
      void navigate('/login', { replace: true });
    } catch {
      // Shown by the API client.
    }
  };

  return (
    <AuthLayout name="forgot" title={t('forgot.title')} subtitle={t('forgot.subtitle')} back="/login">
      <ContactTabs {...account.tabs} testIds={['forgot-tab-email', 'forgot-tab-phone']} />
      <Form className="auth-form" busy={busy} onSubmit={submit}>
        <AccountField {...account.field} invalid={check.invalid === 'account'} testId="forgot-account" />
        <CodeField
          value={code}
          onChange={setCode}
          onSend={() => account.sendCodeFor(CODE_PURPOSE_RESET_PASSWORD)}
          invalid={check.invalid === 'code'}
          testIds={['forgot-code', 'forgot-send-code']}
        />
        <NewPasswordFields
          value={newPassword}
          onChange={setNewPassword}
          invalid={check.invalid}
          testIds={['forgot-password', 'forgot-repassword']}
        />
        <SubmitButton busy={busy} testId="forgot-submit">
          {t('forgot.submit')}
        </SubmitButton>
      </Form>
    </AuthLayout>
  );
}
