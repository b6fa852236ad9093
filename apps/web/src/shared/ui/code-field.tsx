import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/i18n.ts';
import { SendCodeButton } from './send-code-button.tsx';
import { TextField } from './text-field.tsx';

/** The verification-code input with its "Send code" button inside the box. */
export function CodeField({
  value,
  onChange,
  onSend,
  invalid,
  hint,
  testIds,
}: {
  value: string;
  onChange(value: string): void;
  /** As SendCodeButton's: resolves true when the server accepted, false to skip the countdown. */
  onSend(): Promise<boolean>;
  invalid: boolean;
  hint?: ReactNode;
  testIds: [input: string, sendButton: string];
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.code')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={12}
      placeholder={t('auth.codePlaceholder')}
      hint={hint}
      value={value}
      aria-invalid={invalid}
      testId={testIds[0]}
      onChange={(e) => onChange(e.target.value)}
      suffix={<SendCodeButton onSend={onSend} testId={testIds[1]} />}
    />
  );
}
