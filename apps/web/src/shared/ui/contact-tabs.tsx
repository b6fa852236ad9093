import { useTranslation } from '../../i18n/i18n.ts';
import type { ContactType } from '../api/send-code.api.ts';
import { Segmented } from './segmented.tsx';

/** The Email / Phone tabs; `testIds` are the two tabs' data-testid. */
export function ContactTabs({
  label,
  value,
  onChange,
  testIds,
}: {
  /** The tab list's accessible name; "Account type" unless given. */
  label?: string;
  value: ContactType;
  onChange(value: ContactType): void;
  testIds: [email: string, phone: string];
}) {
  const { t } = useTranslation();
  return (
    <Segmented<ContactType>
      label={label ?? t('auth.accountType')}
      value={value}
      onChange={onChange}
      options={[
        { value: 'email', label: t('auth.email'), testId: testIds[0] },
        { value: 'phone', label: t('auth.phone'), testId: testIds[1] },
      ]}
    />
  );
}
