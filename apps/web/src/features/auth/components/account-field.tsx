import { useTranslation } from '../../../i18n/i18n.ts';
import type { ContactType } from '../../../shared/api/send-code.api.ts';
import { AreaPrefix } from '../../../shared/ui/area-picker.tsx';
import { TextField } from '../../../shared/ui/text-field.tsx';

/** The account input of login, register and forgot: an email, or a phone number after its area (+852) button. */
export function AccountField({
  mode,
  value,
  onChange,
  invalid,
  testId,
  emailAutoComplete = 'username',
  areaTestId,
  signUp = false,
}: {
  mode: ContactType;
  value: string;
  onChange(value: string): void;
  invalid: boolean;
  testId: string;
  emailAutoComplete?: 'username' | 'email';
  areaTestId?: string;
  /** A sign-up: the area list leaves out the restricted regions (DESIGN §13). */
  signUp?: boolean;
}) {
  const { t } = useTranslation();
  // Keyed by mode: switching tabs mounts a fresh input.
  return mode === 'email' ? (
    <TextField
      key="email"
      label={t('auth.email')}
      type="email"
      inputMode="email"
      autoComplete={emailAutoComplete}
      autoCapitalize="off"
      spellCheck={false}
      placeholder={t('auth.emailPlaceholder')}
      value={value}
      aria-invalid={invalid}
      testId={testId}
      onChange={(e) => onChange(e.target.value)}
    />
  ) : (
    <TextField
      key="phone"
      label={t('auth.phone')}
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder={t('auth.phonePlaceholder')}
      value={value}
      aria-invalid={invalid}
      testId={testId}
      prefix={<AreaPrefix testId={areaTestId} signUp={signUp} />}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
