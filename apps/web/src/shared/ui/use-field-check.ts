import { useState } from 'react';
import { useTranslation } from '../../i18n/i18n.ts';
import { toastMessage } from './toast.ts';

/** A form's failed check: the field marked with aria-invalid, the reason shown as a toast. */
export interface FieldCheck<F extends string> {
  invalid: F | null;
  /** Marks `field` and toasts the message `key` (with its `values`); false, so a check can `return refuse(…)`. */
  refuse(field: F, key: string, values?: Record<string, string | number>): false;
  /** Unmarks the field. */
  clear(): void;
}

export function useFieldCheck<F extends string>(): FieldCheck<F> {
  const { t } = useTranslation();
  const [invalid, setInvalid] = useState<F | null>(null);
  return {
    invalid,
    refuse(field, key, values) {
      setInvalid(field);
      toastMessage(values ? t(key, values) : t(key));
      return false;
    },
    clear: () => setInvalid(null),
  };
}
