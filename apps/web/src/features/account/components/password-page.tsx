import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_TYPE_EMAIL, ACCOUNT_TYPE_MOBILE, CODE_PURPOSE_CHANGE_PASSWORD } from '@tradepad/contracts/account-types';
import { sendEmailCode, sendSmsCode } from '../../../shared/api/send-code.api.ts';
import { maskEmail, maskMobile } from '../../../shared/lib/mask.ts';
import { useUserStore } from '../../../shared/store/user.store.ts';
import { Page } from '../../../shared/ui/page.tsx';
import { PasswordField } from '../../../shared/ui/password-field.tsx';
import { Segmented } from '../../../shared/ui/segmented.tsx';
import { SendCodeButton } from '../../../shared/ui/send-code-button.tsx';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { toastMessage } from '../../../shared/ui/toast.ts';
import { useBack } from '../../../shared/ui/use-back.ts';
import { useAmendPassword } from '../api/amend-password.api.ts';
import '../../../shared/ui/form.css';
import './password-page.css';

type Via = 'email' | 'phone';
type FieldName = 'old' | 'new' | 'repeat' | 'code';

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
  const [chosen, setChosen] = useState<Via>('email');
  const via: Via = hasEmail && hasPhone ? chosen : hasEmail ? 'email' : 'phone';
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState<FieldName | null>(null);
  const busy = mutation.isPending;

  const target =
    via === 'email' ? maskEmail(profile?.email ?? '') : maskMobile(profile?.mobile ?? '', profile?.global_code ?? '');

  const sendCode = async (): Promise<boolean> => {
    if (!profile) return false;
    if (via === 'email') await sendEmailCode(profile.email, CODE_PURPOSE_CHANGE_PASSWORD);
    else await sendSmsCode(profile.mobile, profile.area_id, CODE_PURPOSE_CHANGE_PASSWORD);
    return true;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const missing: FieldName | null = !oldPassword
      ? 'old'
      : !newPassword
        ? 'new'
        : !repeat
          ? 'repeat'
          : !code.trim()
            ? 'code'
            : null;
    if (missing) {
      setInvalid(missing);
      toastMessage(t('msg.inputFull'));
      return;
    }
    if (newPassword !== repeat) {
      setInvalid('repeat');
      toastMessage(t('msg.passwordNotEqual'));
      return;
    }
    setInvalid(null);
    try {
      await mutation.mutateAsync({
        old_password: oldPassword,
        new_password: newPassword,
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
      <p className="password-notice">{t('password.notice')}</p>
      <form className="form password-form" onSubmit={(e) => void submit(e)} noValidate>
        <PasswordField
          label={t('password.old')}
          autoComplete="current-password"
          placeholder={t('password.oldPlaceholder')}
          value={oldPassword}
          aria-invalid={invalid === 'old'}
          testId="password-old"
          onChange={(e) => setOldPassword(e.target.value)}
        />
        <PasswordField
          label={t('auth.newPassword')}
          autoComplete="new-password"
          placeholder={t('auth.newPasswordPlaceholder')}
          hint={t('auth.passwordRule')}
          value={newPassword}
          aria-invalid={invalid === 'new'}
          testId="password-new"
          onChange={(e) => setNewPassword(e.target.value)}
        />
        <PasswordField
          label={t('auth.confirmPassword')}
          autoComplete="new-password"
          placeholder={t('auth.confirmPasswordPlaceholder')}
          value={repeat}
          aria-invalid={invalid === 'repeat'}
          testId="password-repeat"
          onChange={(e) => setRepeat(e.target.value)}
        />
        {hasEmail && hasPhone && (
          <Segmented<Via>
            label={t('password.via')}
            value={via}
            onChange={setChosen}
            options={[
              { value: 'email', label: t('auth.email'), testId: 'password-via-email' },
              { value: 'phone', label: t('auth.phone'), testId: 'password-via-phone' },
            ]}
          />
        )}
        <TextField
          label={t('auth.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={12}
          placeholder={t('auth.codePlaceholder')}
          hint={t('password.codeTo', { target })}
          value={code}
          aria-invalid={invalid === 'code'}
          testId="password-code"
          onChange={(e) => setCode(e.target.value)}
          suffix={<SendCodeButton onSend={sendCode} testId="password-send-code" />}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy} data-testid="password-submit">
          {t('password.submit')}
        </button>
      </form>
    </Page>
  );
}
