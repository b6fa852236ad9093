import type { Translate } from '../../../i18n/i18n.ts';

/** What a copy event or push says happened (the follower's list shows the partial closes and stop changes too). */
export type CopyEventName = 'fill' | 'close' | 'partial' | 'stops' | 'skip';

/**
 * A skip's reason in the trader's language: the server sends a message key (`copy.skip.below_min_lot`) that the app's
 * locales translate; a reason the app does not know yet (a newer server) shows the server's own translation when it
 * came with one, else a general "not copied".
 */
export function skipReasonText(t: Translate, reason: string, serverText = ''): string {
  const key = reason.startsWith('copy.skip.') ? reason : `copy.skip.${reason}`;
  const text = reason ? t(key) : key;
  if (reason && text !== key) return text;
  return serverText || t('copy.skip.other');
}

/** The one-line account of a copy event: "Copied: buy 0.10 lots at 1.08250", "Not copied: …". */
export function copyEventKey(event: string): string {
  switch (event) {
    case 'fill':
    case 'close':
    case 'partial':
    case 'stops':
    case 'skip':
      return `copy.event.${event}`;
    default:
      return 'copy.event.other';
  }
}
