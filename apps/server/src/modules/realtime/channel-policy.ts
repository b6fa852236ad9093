/**
 * How a channel name is accepted: `exact` names, or a `prefix` followed by a code (`KLINE.EURUSD`). The gateway takes
 * every channel of contracts' CHANNELS itself; a module registers only a check of the code (`accepts`).
 */
export interface ChannelPolicy {
  match: { exact: string } | { prefix: string };
  /** User channels carry one trader's data and need a websocket login first. */
  requiresLogin: boolean;
  /** Optional check of the part after the prefix (e.g. the instrument exists). */
  accepts?: (name: string) => boolean;
  /** What a socket is told right after it subscribed, if anything (DAY_MARKET: the quotes stopped). */
  greeting?: () => object | undefined;
}

/** Whether two policies name the same channel (or prefix). */
export function sameMatch(a: ChannelPolicy['match'], b: ChannelPolicy['match']): boolean {
  return 'exact' in a ? 'exact' in b && a.exact === b.exact : 'prefix' in b && a.prefix === b.prefix;
}
