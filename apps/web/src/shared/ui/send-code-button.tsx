import { useState } from 'react';
import { useTranslation } from '../../i18n/i18n.ts';
import { useCountdown } from './use-countdown.ts';

/** Seconds before a code can be sent again (spec §4, §9). */
export const CODE_RESEND_SECONDS = 60;

export interface SendCodeButtonProps {
  /** Sends the code; resolves when the server accepted it. Return false to skip (e.g. a local check failed). */
  onSend(): Promise<boolean>;
  testId?: string;
  /** What the countdown is kept under across reloads (by default the test id): one per kind of code sent. */
  scope?: string;
}

/** "Send code", then disabled for 60 s with a countdown, a reload included. */
export function SendCodeButton({ onSend, testId, scope }: SendCodeButtonProps) {
  const { t } = useTranslation();
  // The deadline survives a reload: the button goes on counting down rather than offering a send the server refuses.
  const [left, start] = useCountdown(`code.${scope ?? testId ?? 'default'}`, CODE_RESEND_SECONDS);
  const [sending, setSending] = useState(false);
  const disabled = sending || left > 0;
  const click = async () => {
    if (disabled) return;
    setSending(true);
    try {
      if (await onSend()) start(CODE_RESEND_SECONDS);
    } catch {
      // The API client has shown the reason.
    } finally {
      setSending(false);
    }
  };
  return (
    <button
      type="button"
      className="field-text-button num"
      disabled={disabled}
      data-testid={testId}
      aria-live="polite"
      onClick={() => void click()}
    >
      {left > 0 ? t('auth.resendIn', { seconds: left }) : t('auth.sendCode')}
    </button>
  );
}
