/** The trader's alerts in the query cache (every list of them; an `ALERT` push refreshes it). Apart, so the push's
 * listener, installed at start, does not pull the query and mutation code into the first screen. */
export const ALERTS_KEY = ['alerts'] as const;
