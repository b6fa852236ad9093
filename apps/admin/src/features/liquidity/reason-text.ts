/**
 * Why the feed cannot quote an instrument, in the reader's language. The server words it in English from three
 * patterns (modules/liquidity/fix-feed.ts); what follows "rejected by" is the provider's own text (its session and
 * reject reason), shown as it came.
 */
export function reasonText(reason: string | null, translate: (key: string, options?: Record<string, string>) => string): string {
  if (reason === null) return '';
  if (reason === 'not mapped in the feed file') return translate('tp.liquidity.reason_unmapped');
  const all = 'rejected by every session: ';
  if (reason.startsWith(all)) return translate('tp.liquidity.reason_rejected_all', { detail: reason.slice(all.length) });
  const some = 'rejected by ';
  if (reason.startsWith(some)) return translate('tp.liquidity.reason_rejected', { detail: reason.slice(some.length) });
  return reason;
}
