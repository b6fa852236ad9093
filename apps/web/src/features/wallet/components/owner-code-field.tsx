import { sendOwnerCode } from '../../../shared/api/send-code.api.ts';
import { maskEmail, maskMobile } from '../../../shared/lib/mask.ts';
import { useUserStore } from '../../../shared/store/user.store.ts';
import { useTranslation } from '../../../i18n/i18n.ts';
import { CodeField } from '../../../shared/ui/code-field.tsx';

/**
 * The owner's confirmation of a money movement (DESIGN §10): a code sent to the account's own email (or phone for a
 * phone account), shown masked, with its "Send code" button.
 */
export function OwnerCodeField({
  value,
  onChange,
  invalid,
  testIds,
}: {
  value: string;
  onChange(value: string): void;
  invalid: boolean;
  testIds: [input: string, sendButton: string];
}) {
  const { t } = useTranslation();
  const profile = useUserStore((s) => s.profile);
  const via = profile?.email ? 'email' : 'phone';
  const target =
    via === 'email' ? maskEmail(profile?.email ?? '') : maskMobile(profile?.mobile ?? '', profile?.global_code ?? '');
  return (
    <CodeField
      value={value}
      onChange={onChange}
      onSend={async () => {
        if (!profile) return false;
        await sendOwnerCode(via);
        return true;
      }}
      invalid={invalid}
      hint={<span data-testid={`${testIds[0]}-target`}>{t('owner.codeTo', { target })}</span>}
      testIds={testIds}
    />
  );
}
