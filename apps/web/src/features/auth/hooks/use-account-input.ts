import { useState } from 'react';
import type { CodePurpose } from '@tradepad/contracts/accounts/constants';
import { sendCodeVia, type ContactType } from '../../../shared/api/send-code.api.ts';
import { useSettingsStore } from '../../../shared/store/settings.store.ts';
import type { FieldCheck } from '../../../shared/ui/use-field-check.ts';

/**
 * The email-or-phone account of login, register and forgot: the chosen tab (unless `fixedMode`), the typed value,
 * its empty check and sending a code to it. Spread `tabs` into ContactTabs and `field` into AccountField; switching
 * tabs empties the field and unmarks the form.
 */
export function useAccountInput(
  check: Pick<FieldCheck<'account'>, 'refuse' | 'clear'>,
  fixedMode?: ContactType,
  /** What the field opens with (a register draft coming back, the account just registered at login). */
  initial?: { mode: ContactType; account: string } | null,
) {
  const areaId = useSettingsStore((s) => s.areaId);
  const [chosen, setChosen] = useState<ContactType>(() => initial?.mode ?? 'email');
  const [value, setValue] = useState(() => (initial && (!fixedMode || fixedMode === initial.mode) ? initial.account : ''));
  const mode = fixedMode ?? chosen;

  /** The trimmed account, or null when it is empty (the field is marked and the reason toasted). */
  const take = (): string | null => {
    const account = value.trim();
    if (account) return account;
    check.refuse('account', mode === 'email' ? 'msg.inputEmail' : 'msg.inputPhone');
    return null;
  };

  /** For SendCodeButton: mails or texts a code for `purpose`; false when the account is empty. */
  const sendCodeFor = async (purpose: CodePurpose): Promise<boolean> => {
    const account = take();
    if (!account) return false;
    check.clear();
    await sendCodeVia(mode, account, areaId, purpose);
    return true;
  };

  const switchMode = (m: ContactType) => {
    setChosen(m);
    setValue('');
    check.clear();
  };

  return {
    mode,
    areaId,
    take,
    sendCodeFor,
    tabs: { value: mode, onChange: switchMode },
    field: { mode, value, onChange: setValue },
  };
}
