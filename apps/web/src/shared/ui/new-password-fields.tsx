import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from '../../i18n/i18n.ts';
import { PasswordField } from './password-field.tsx';

/** A new password and the same typed again. */
export interface NewPassword {
  password: string;
  repeat: string;
}

export const EMPTY_NEW_PASSWORD: NewPassword = { password: '', repeat: '' };

/** The new-password field with the password rule as its hint, then the confirmation field. */
export function NewPasswordFields({
  label,
  value,
  onChange,
  invalid,
  testIds,
}: {
  /** The first field's label; "New password" unless given. */
  label?: string;
  value: NewPassword;
  onChange: Dispatch<SetStateAction<NewPassword>>;
  /** The form's invalid field: 'password' or 'repeat' marks one of these two. */
  invalid: string | null;
  testIds: [password: string, repeat: string];
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={label ?? t('auth.newPassword')}
        autoComplete="new-password"
        placeholder={t('auth.newPasswordPlaceholder')}
        hint={t('auth.passwordRule')}
        value={value.password}
        aria-invalid={invalid === 'password'}
        testId={testIds[0]}
        onChange={(e) => {
          const password = e.target.value;
          onChange((v) => ({ ...v, password }));
        }}
      />
      <PasswordField
        label={t('auth.confirmPassword')}
        autoComplete="new-password"
        placeholder={t('auth.confirmPasswordPlaceholder')}
        value={value.repeat}
        aria-invalid={invalid === 'repeat'}
        testId={testIds[1]}
        onChange={(e) => {
          const repeat = e.target.value;
          onChange((v) => ({ ...v, repeat }));
        }}
      />
    </>
  );
}

/**
 * The first check a new password typed twice fails, as the field to mark and the message key; null when both are
 * filled in and equal. `emptyKey` is the message for an empty first field.
 */
export function newPasswordProblem(
  { password, repeat }: NewPassword,
  emptyKey: string,
): [field: 'password' | 'repeat', key: string] | null {
  if (!password) return ['password', emptyKey];
  if (!repeat) return ['repeat', 'msg.inputRepeatPassword'];
  if (password !== repeat) return ['repeat', 'msg.passwordNotEqual'];
  return null;
}
