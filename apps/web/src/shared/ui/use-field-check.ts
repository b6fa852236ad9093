import { useEffect, useState } from 'react';
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

/**
 * Whether input into `target` ends the mark: it is the field marked invalid (aria-invalid="true" on it, or on the
 * field around it). Typing into another field leaves the mark where it is.
 */
export function inputEndsMark(
  target: { getAttribute(name: string): string | null; closest?(selector: string): unknown } | null,
): boolean {
  if (!target) return false;
  if (target.getAttribute('aria-invalid') === 'true') return true;
  return Boolean(target.closest?.('[aria-invalid="true"]'));
}

export function useFieldCheck<F extends string>(): FieldCheck<F> {
  const { t } = useTranslation();
  const [invalid, setInvalid] = useState<F | null>(null);
  // The mark clears as soon as the trader types into the marked field (issue 33: a name field stayed red once filled,
  // until the next submit). One listener for every form, so no field's onChange has to remember it.
  useEffect(() => {
    if (invalid === null) return;
    const onInput = (e: Event) => {
      if (e.target instanceof Element && inputEndsMark(e.target)) setInvalid(null);
    };
    // In the bubbling phase, after React's own handler at the root: cleared in the capturing phase, before it, the
    // re-render lost what `fill` or a paste put in a controlled field (the bound address's code stayed empty).
    document.addEventListener('input', onInput);
    return () => document.removeEventListener('input', onInput);
  }, [invalid]);
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
