/**
 * Whether a `NOTICE` says the trader's open orders changed without a push of their own (issue 33): a stop limit whose
 * stop was reached is now a limit at another price (the fill notice with trigger `stop_limit`), and the dealing desk
 * changed a position's stops or closed part of it (`desk_close`). The app then reads its order lists again, so the
 * Orders tab and the chart's lines show the order as it is. Fills and closes have pushes of their own.
 */
export function noticeChangesOrders(notice: unknown): boolean {
  if (typeof notice !== 'object' || notice === null) return false;
  const n = notice as { kind?: unknown; data?: { trigger?: unknown } | null };
  if (n.kind === 'desk_close') return true;
  return n.kind === 'fill' && typeof n.data === 'object' && n.data !== null && n.data.trigger === 'stop_limit';
}
