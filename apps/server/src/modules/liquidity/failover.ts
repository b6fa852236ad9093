/**
 * Which LP session quotes an instrument (DESIGN §14), as a pure rule over each session's health for that instrument:
 * - the first session in file order that is logged on and has quoted the instrument within `failoverMs` quotes it;
 * - while the current one keeps quoting, a higher session that had lost the instrument takes it back only after
 *   quoting it for `failbackMs` (10 s) without a gap; one that never had it (a slower start) takes it at once;
 * - one source at a time: the feed emits only the chosen session's quotes, so two sessions never mix.
 */
export interface SourceHealth {
  /** Logged on. */
  up: boolean;
  /** Unix ms of its last two-sided quote of the instrument. */
  lastQuoteAt?: number | undefined;
  /** Unix ms since which it has quoted the instrument without a gap longer than `failoverMs`. */
  steadySince?: number | undefined;
  /** It quoted the instrument and lost it to a lower session: it must prove itself for `failbackMs` to take it back. */
  demoted?: boolean | undefined;
}

export interface FailoverTimes {
  failoverMs: number;
  failbackMs: number;
}

export interface Route {
  /** Index (file order) of the session quoting the instrument, or undefined when none may. */
  current: number | undefined;
  sources: SourceHealth[];
}

/** Whether the session may quote the instrument now: logged on and quoted it within `failoverMs`. */
export function isFresh(h: SourceHealth, now: number, t: FailoverTimes): boolean {
  return h.up && h.lastQuoteAt !== undefined && now - h.lastQuoteAt <= t.failoverMs;
}

/** A session's health after it quoted the instrument at `now`: a gap longer than `failoverMs` starts a new run. */
export function noteQuote(h: SourceHealth, now: number, t: FailoverTimes): SourceHealth {
  const gap = h.lastQuoteAt === undefined || h.steadySince === undefined || now - h.lastQuoteAt > t.failoverMs;
  return { ...h, lastQuoteAt: now, steadySince: gap ? now : h.steadySince };
}

/** A session that went down (or came back): it has quoted nothing since. */
export function noteSession(h: SourceHealth, up: boolean): SourceHealth {
  return { ...h, up, lastQuoteAt: undefined, steadySince: undefined };
}

/** The route at `now`: who quotes the instrument, and who was demoted by the change. */
export function reroute(r: Route, now: number, t: FailoverTimes): Route {
  const fresh = (i: number) => isFresh(r.sources[i]!, now, t);
  const steady = (i: number) => {
    const h = r.sources[i]!;
    return !h.demoted || (h.steadySince !== undefined && now - h.steadySince >= t.failbackMs);
  };
  let next: number | undefined;
  if (r.current !== undefined && fresh(r.current)) {
    next = r.current;
    for (let i = 0; i < r.current; i++) {
      if (fresh(i) && steady(i)) {
        next = i;
        break;
      }
    }
  } else {
    for (let i = 0; i < r.sources.length && next === undefined; i++) if (fresh(i)) next = i;
  }
  if (next === r.current) return r;
  const sources = r.sources.map((h, i) => {
    // The session that lost the instrument for not quoting it is demoted; the one taking it is not.
    if (i === r.current && next !== undefined && next > i) return { ...h, demoted: true };
    if (i === next) return { ...h, demoted: false };
    return h;
  });
  return { current: next, sources };
}
