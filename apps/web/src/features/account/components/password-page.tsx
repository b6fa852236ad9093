import { useState } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { ACCOUNT_TYPE_EMAIL, ACCOUNT_TYPE_MOBILE, CODE_PURPOSE_CHANGE_PASSWORD } from '@tradepad/contracts/accounts/constants';
import { sendCodeVia, type ContactType } from '../../../shared/api/send-code.api.ts';
import { maskEmail, maskMobile } from '../../../shared/lib/mask.ts';
import { useUserStore } from '../../../shared/store/user.store.ts';
import { CodeField } from '../../../shared/ui/code-field.tsx';
import { ContactTabs } from '../../../shared/ui/contact-tabs.tsx';
import { EMPTY_NEW_PASSWORD, NewPasswordFields } from '../../../shared/ui/new-password-fields.tsx';
import { Form, SubmitButton } from '../../../shared/ui/form.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { PasswordField } from '../../../shared/ui/password-field.tsx';
import { useBack } from '../../../shared/ui/use-back.ts';
import { useFieldCheck } from '../../../shared/ui/use-field-check.ts';
import { useAmendPassword } from '../api/amend-password.api.ts';
import '../../../shared/ui/form.css';
import './password-page.css';

type FieldName = 'old' | 'password' | 'repeat' | 'code';

/**
 * /mine/password: old password, new one twice and a code sent to the account's email or phone (spec §5: every field
 * required, else input-full; the two new ones equal, else password-not-equal).
 */
export default function PasswordPage() {
  const { t } = useTranslation();
  const back = useBack('/user');
  const profile = useUserStore((s) => s.profile);
  const mutation = useAmendPassword();
  const hasEmail = !!profile?.email;
  const hasPhone = !!profile?.mobile;
  const [chosen, setChosen] = useState<ContactType>('email');
  const via: ContactType = hasEmail && hasPhone ? chosen : hasEmail ? 'email' : 'phone';
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState(EMPTY_NEW_PASSWORD);
  const [code, setCode] = useState('');
  const { invalid, refuse, clear } = useFieldCheck<FieldName>();
  const busy = mutation.isPending;

  const target =
    via === 'email' ? maskEmail(profile?.email ?? '') : maskMobile(profile?.mobile ?? '', profile?.global_code ?? '');

  const sendCode = async (): Promise<boolean> => {
    if (!profile) return false;
    await sendCodeVia(via, via === 'email' ? profile.email : profile.mobile, profile.area_id, CODE_PURPOSE_CHANGE_PASSWORD);
    return true;
  };

  const submit = async () => {
    const { password, repeat } = newPassword;
    const missing: FieldName | null = !oldPassword
      ? 'old'
      : !password
        ? 'password'
        : !repeat
          ? 'repeat'
          : !code.trim()
            ? 'code'
            : null;
    if (missing) return void refuse(missing, 'msg.inputFull');
    if (password !== repeat) return void refuse('repeat', 'msg.passwordNotEqual');
    clear();
    try {
      await mutation.mutateAsync({
        old_password: oldPassword,
        new_password: password,
        secondary_password: repeat,
        auth_code: code.trim(),
        type: via === 'email' ? ACCOUNT_TYPE_EMAIL : ACCOUNT_TYPE_MOBILE,
      });
      back();
    } catch {
      // Shown by the API client.
    }
  };

  return (
    <Page name="password" title={t('route.password')} back="/user">
      <p className="password-notice tint-primary">{t('password.notice')}</p>
      <Form className="form password-form" busy={busy} onSubmit={submit}>
        <PasswordField
          label={t('password.old')}
          autoComplete="current-password"
          placeholder={t('password.oldPlaceholder')}
          value={oldPassword}
          aria-invalid={invalid === 'old'}
          testId="password-old"
          onChange={(e) => setOldPassword(e.target.value)}
        />
        <NewPasswordFields
          value={newPassword}
          onChange={setNewPassword}
          invalid={invalid}
          testIds={['password-new', 'password-repeat']}
        />
        {hasEmail && hasPhone && (
          <ContactTabs
            label={t('password.via')}
            value={via}
            onChange={setChosen}
            testIds={['password-via-email', 'password-via-phone']}
          />
        )}
        <CodeField
          value={code}
          onChange={setCode}
          onSend={sendCode}
          invalid={invalid === 'code'}
          hint={t('password.codeTo', { target })}
          testIds={['password-code', 'password-send-code']}
        />
        <SubmitButton busy={busy} testId="password-submit">
          {t('password.submit')}
        </SubmitButton>
      </Form>
    </Page>
  );
}
